#!/usr/bin/env python3
"""Fails when a target imports a module it does not declare as a dependency, or declares one of
MVIKit's products that none of its sources imports (a sample then makes its users build, and
pay for, what it does not use: MVIKitRecording brings swift-log).

SwiftPM builds targets in the order their declared dependencies give. A target that imports a
module it only reaches through another target builds when that module happens to be built first,
and fails ("no such module") on a clean build when it is not. This reads each package's manifest
(`swift package dump-package`) and every `import` of every target's sources.

Usage: scripts/check-imports.py [PACKAGE_DIR ...]   (default: . and Examples)
"""
import json
import os
import re
import subprocess
import sys

# Modules of the toolchain and the platforms, which no manifest declares.
SYSTEM = {
    "Foundation", "FoundationEssentials", "FoundationNetworking", "Dispatch", "Testing", "XCTest",
    "Glibc", "Musl", "Darwin", "Synchronization", "Observation", "SwiftUI", "UIKit", "AppKit",
    "Combine", "os", "CoreGraphics", "_Concurrency", "Swift", "WinSDK", "Android", "ucrt",
}
MULTILINE_STRING = re.compile(r'#*"""[\s\S]*?"""#*')
IMPORT = re.compile(
    r"^\s*(?:@testable\s+|@_exported\s+|@preconcurrency\s+|internal\s+|public\s+|package\s+|private\s+)*"
    r"import\s+(?:(?:struct|class|enum|protocol|func|var|typealias)\s+)?([A-Za-z_][A-Za-z0-9_]*)",
    re.M)


def dependencies(target):
    names = set()
    for dependency in target["dependencies"]:
        kind, value = next(iter(dependency.items()))
        names.add(value[0])
    return names


def check(package_dir):
    manifest = json.loads(subprocess.run(
        ["swift", "package", "dump-package"], cwd=package_dir, check=True,
        capture_output=True, text=True).stdout)
    problems = []
    for target in manifest["targets"]:
        if target["type"] in ("system", "binary", "plugin", "macro"):
            continue
        name = target["name"]
        path = target.get("path") or os.path.join(
            "Tests" if target["type"] == "test" else "Sources", name)
        declared = dependencies(target)
        allowed = declared | SYSTEM | {name}
        imported = set()
        for folder, _, files in os.walk(os.path.join(package_dir, path)):
            for file in sorted(files):
                if not file.endswith(".swift"):
                    continue
                source = os.path.join(folder, file)
                with open(source, encoding="utf-8") as handle:
                    # Multi-line string literals (a script a test runs, say) are not Swift.
                    text = MULTILINE_STRING.sub("", handle.read())
                # Imports inside `#if canImport(X)` are checked too: X must then be declared or
                # be the system's.
                for module in IMPORT.findall(text):
                    imported.add(module)
                    if module not in allowed:
                        problems.append(
                            f"{os.path.relpath(source)}: imports {module}, which target {name} "
                            f"does not declare as a dependency")
        for module in sorted(declared - imported):
            if module.startswith("MVIKit"):
                problems.append(
                    f"{package_dir}/Package.swift: target {name} declares {module}, which none "
                    f"of its sources imports")
    return problems


def main():
    packages = sys.argv[1:] or [".", "Examples"]
    problems = []
    for package in packages:
        if os.path.exists(os.path.join(package, "Package.swift")):
            problems += check(package)
    for problem in problems:
        print(f"check-imports: {problem}", file=sys.stderr)
    if problems:
        print(f"check-imports: {len(problems)} problem(s); each target declares what it imports, "
              "and of MVIKit's products only those", file=sys.stderr)
        return 1
    print("check-imports: every import is declared")
    return 0


if __name__ == "__main__":
    sys.exit(main())
