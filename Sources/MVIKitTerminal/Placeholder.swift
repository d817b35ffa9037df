public enum MVIKitTerminalPlaceholder {}
