"""Lists public symbols declared in this package's sources that have no doc comment.

Usage: python3 .ci/undocumented.py SYMBOL_GRAPH.json...  (exit 1 if any symbol lacks docs)
"""
import json
import sys

missing = []
for path in sys.argv[1:]:
    graph = json.load(open(path))
    for symbol in graph["symbols"]:
        if symbol.get("accessLevel") not in ("public", "open"):
            continue
        location = symbol.get("location", {}).get("uri", "")
        if "/Sources/" not in location:
            continue  # synthesized or inherited from a protocol outside the package
        if not symbol.get("docComment", {}).get("lines"):
            name = ".".join(symbol["pathComponents"])
            line = symbol["location"]["position"]["line"] + 1
            missing.append(f"{location.split('/Sources/')[1]}:{line}: {name}")

for entry in sorted(missing):
    print("undocumented public symbol:", entry)
sys.exit(1 if missing else 0)
