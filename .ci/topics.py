#!/usr/bin/python3
"""Fails when a public type of a library is in no topic group of its DocC catalog.

usage: python3 .ci/topics.py GRAPHS_FOLDER

DocC files an uncurated type under a generic heading at the end of the module's page, where a
reader looking by task never finds it. Each public type must be named as ``Type`` in the
`## Topics` section of a page of its module's catalog.
"""
import glob
import json
import os
import re
import sys

MODULES = ["BSPCore", "BSPDiagrams", "BSPTesting"]
TYPE_KINDS = {"swift.class", "swift.struct", "swift.enum", "swift.protocol", "swift.typealias", "swift.actor"}
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def public_types(graphs, module):
    graph = json.load(open(os.path.join(graphs, f"{module}.symbols.json")))
    return sorted(
        symbol["pathComponents"][0] for symbol in graph["symbols"]
        if symbol.get("accessLevel") in ("public", "open") and symbol["kind"]["identifier"] in TYPE_KINDS
        and len(symbol["pathComponents"]) == 1
    )


def curated(module):
    """The symbols named in the Topics sections of the module's catalog."""
    names = set()
    for page in glob.glob(os.path.join(ROOT, "Sources", module, f"{module}.docc", "**", "*.md"), recursive=True):
        text = open(page, encoding="utf-8").read()
        _, _, topics = text.partition("\n## Topics")
        names.update(re.findall(r"``([A-Za-z_][A-Za-z0-9_]*)``", topics))
    return names


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    missing = [
        f"{module}: {name} is in no topic group of Sources/{module}/{module}.docc"
        for module in MODULES
        for name in sorted(set(public_types(sys.argv[1], module)) - curated(module))
    ]
    for line in missing:
        print("uncurated public type:", line)
    if missing:
        sys.exit(1)
    print("Every public type is in a topic group of its catalog.")


if __name__ == "__main__":
    main()
