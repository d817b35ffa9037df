// Cells, colours, keys, frame rendering and the terminals themselves live in MVIKitTerminalIO,
// which knows nothing of views or stores; re-exported so that `import MVIKitTerminal` keeps
// bringing them, as it did before they moved.
@_exported import MVIKitTerminalIO
