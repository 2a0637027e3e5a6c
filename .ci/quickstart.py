#!/usr/bin/env python3
"""Writes the README's quick start as a package of its own, in the folder given.

The package's manifest is the README's `// Package.swift` fragment — its platforms, dependencies
and targets — with the dependency on swift-bsp pointed at this checkout (through a link named
`swift-bsp`, so that the package identity the fragment names is right). Its `MyApp` target holds
every other `swift` block of the quick start, and its test target the block that declares a
`@Test`. What is added is only what a file needs to see the others: `import BSPCore` in the
app's file; `import BSPCore`, `import BSPTesting`, `import Testing` and `@testable import MyApp`
(the quick start's types are internal) in the test's. So a type the quick start uses without
showing fails the build. Fails, too, if the README is longer than 250 lines.
"""
import pathlib
import re
import sys

root = pathlib.Path(__file__).resolve().parent.parent
target = pathlib.Path(sys.argv[1])
readme = (root / "README.md").read_text(encoding="utf-8")

lines = readme.count("\n")
if lines > 250:
    sys.exit(f"README.md is {lines} lines long: at most 250.")

section = re.search(r"^## Quick start\n(.*?)^## ", readme, re.S | re.M)
if not section:
    sys.exit("README.md has no '## Quick start' section.")
blocks = re.findall(r"^```swift\n(.*?)^```", section.group(1), re.S | re.M)
manifest = [b for b in blocks if b.startswith("// Package.swift")]
tests = [b for b in blocks if "@Test" in b]
sources = [b for b in blocks if b not in manifest and b not in tests]
if len(manifest) != 1 or not tests or not sources:
    sys.exit("The quick start needs one manifest fragment, a test and the code it tests.")

fragment = re.sub(
    r'\.package\(url: "https://github.com/swift-bsp/swift-bsp.git", from: "[^"]*"\)',
    '.package(path: "swift-bsp")',
    manifest[0].removeprefix("// Package.swift\n"),
)
if '.package(path: "swift-bsp")' not in fragment:
    sys.exit("The quick start's manifest does not depend on swift-bsp by its URL.")

(target / "Sources/MyApp").mkdir(parents=True, exist_ok=True)
(target / "Tests/MyAppTests").mkdir(parents=True, exist_ok=True)
(target / "swift-bsp").unlink(missing_ok=True)
(target / "swift-bsp").symlink_to(root, target_is_directory=True)
(target / "Package.swift").write_text(
    "// swift-tools-version: 6.2.3\nimport PackageDescription\n\n"
    'let package = Package(\n    name: "MyApp",\n'
    + fragment.rstrip().rstrip(",")
    + "\n)\n",
    encoding="utf-8",
)
(target / "Sources/MyApp/QuickStart.swift").write_text(
    "import BSPCore\n\n" + "\n".join(sources), encoding="utf-8"
)
(target / "Tests/MyAppTests/QuickStartTests.swift").write_text(
    "import BSPCore\nimport BSPTesting\nimport Testing\n\n@testable import MyApp\n\n" + "\n".join(tests),
    encoding="utf-8",
)
print(f"The quick start: {len(sources)} blocks of code and {len(tests)} of tests, in {target}.")
