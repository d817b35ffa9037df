// `Rows`, `Keyed`, `Secret` and `RedactedPlaceholder` live in MVIKitValues, which holds no store
// and no effect; re-exported so that `import MVIKit` keeps bringing them, as it did before they
// moved.
@_exported import MVIKitValues
