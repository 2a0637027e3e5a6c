#!/usr/bin/env python3
"""Fails unless every `swift` code block of the README and the DocC articles is compiled.

Each block must appear, line for line (leading and trailing white space aside, blank lines
skipped), in a Swift file under Tests/DocumentationTests, which `swift build --build-tests`
compiles and `swift test` runs. So a document that shows an API the package does not have
fails CI. A block whose first line is `// Package.swift` is a manifest fragment and is skipped.
"""
import pathlib
import re
import sys

root = pathlib.Path(__file__).resolve().parent.parent
documents = [root / "README.md", *sorted(root.glob("Sources/*/*.docc/*.md"))]
compiled = [path for path in (root / "Tests/DocumentationTests").rglob("*.swift")]


def normalized(text):
    return [line.strip() for line in text.splitlines() if line.strip()]


sources = {path: normalized(path.read_text(encoding="utf-8")) for path in compiled}


def appears(block):
    for lines in sources.values():
        for start in range(len(lines) - len(block) + 1):
            if lines[start:start + len(block)] == block:
                return True
    return False


missing = []
checked = 0
for document in documents:
    text = document.read_text(encoding="utf-8")
    for match in re.finditer(r"^```swift\n(.*?)^```", text, re.S | re.M):
        block = normalized(match.group(1))
        if not block or block[0] == "// Package.swift":
            continue
        checked += 1
        if not appears(block):
            line = text[: match.start()].count("\n") + 1
            missing.append(f"{document.relative_to(root)}:{line}: this swift block is not in Tests/DocumentationTests")

for problem in missing:
    print(problem)
print(f"{checked - len(missing)} of {checked} documented swift blocks are compiled in Tests/DocumentationTests.")
sys.exit(1 if missing else 0)
