#!/usr/bin/python3
"""The public API of each library, as a sorted text listing, from the compiler's symbol graphs.

usage: python3 .ci/api.py check|write GRAPHS_FOLDER

`write` regenerates .ci/api/<Module>.txt; `check` fails, printing the difference, when the
listing would change: every change to the public API then shows in a commit's diff.
"""
import difflib
import glob
import json
import os
import re
import sys

MODULES = ["BSPCore", "BSPDiagrams", "BSPTesting"]
LISTINGS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "api")


IMPLICIT = {"Swift.Copyable", "Swift.Escapable"}
RELATIONS = {"conformance": ":", "superclass": ":", "sameType": "=="}


def constraints(entries):
    """Generic constraints as Swift spells them, leaving out the implicit Copyable and Escapable."""
    return [
        f"{c['lhs']} {RELATIONS.get(c['kind'], c['kind'])} {c['rhs']}"
        for c in entries
        if c["rhs"] not in ("Copyable", "Escapable")
    ]


def declaration(symbol):
    """The declaration as the compiler spells it, with its generic constraints."""
    text = "".join(fragment["spelling"] for fragment in symbol.get("declarationFragments", []))
    text = re.sub(r"\s+", " ", text).strip()
    # The generics also carry the constraints of the extension or type around the symbol.
    missing = [c for c in constraints(symbol.get("swiftGenerics", {}).get("constraints", [])) if c not in text]
    if missing:
        text += (", " if " where " in text else " where ") + ", ".join(missing)
    return text


def listing(graphs, module):
    """One line per public declaration written in the package, and one per conformance."""
    lines = set()
    for path in [os.path.join(graphs, f"{module}.symbols.json")] + glob.glob(os.path.join(graphs, f"{module}@*.symbols.json")):
        graph = json.load(open(path))
        paths = {}
        for symbol in graph["symbols"]:
            if symbol.get("accessLevel") not in ("public", "open"):
                continue
            if "/Sources/" not in symbol.get("location", {}).get("uri", ""):
                continue  # synthesized, or a default from a protocol outside the package
            name = ".".join(symbol["pathComponents"])
            paths[symbol["identifier"]["precise"]] = name
            lines.add(f"{name}: {declaration(symbol)}")
        for relation in graph.get("relationships", []):
            if relation["kind"] == "conformsTo" and relation["source"] in paths:
                target = relation.get("targetFallback") or relation["target"]
                if target in IMPLICIT:
                    continue
                conditions = constraints(relation.get("swiftConstraints", []))
                where = f" where {', '.join(conditions)}" if conditions else ""
                lines.add(f"{paths[relation['source']]}: conforms to {target}{where}")
    return sorted(lines)


def main():
    if len(sys.argv) != 3 or sys.argv[1] not in ("check", "write"):
        sys.exit(__doc__)
    command, graphs = sys.argv[1:]
    os.makedirs(LISTINGS, exist_ok=True)
    changed = False
    for module in MODULES:
        current = [line + "\n" for line in listing(graphs, module)]
        path = os.path.join(LISTINGS, f"{module}.txt")
        committed = open(path).readlines() if os.path.exists(path) else []
        if current == committed:
            continue
        if command == "write":
            open(path, "w").writelines(current)
            print(f"wrote {path} ({len(current)} declarations)")
        else:
            changed = True
            sys.stdout.writelines(difflib.unified_diff(committed, current, f"{path} (committed)", f"{module} (built)"))
    if changed:
        sys.exit("The public API changed. If that is meant, run `bash .ci/run api-write` and commit the listing.")
    print("The public API matches the committed listing." if command == "check" else "API listings are current.")


if __name__ == "__main__":
    main()
