#!/usr/bin/env python3
"""Fails when a folder of BSPCore uses a type or function declared in a folder above it.

BSPCore is one module, so the compiler lets any file use any other; its folders are layers all
the same, and this check keeps them one-way. From the bottom:

  Platform   locks and threads, behind `#if canImport`
  Support    the lock, counters, queues, text escaping
  Identity   URIs, varieties and aspects: what names an actor, a notifier, a notification
  Audit      the trail's model, contexts and stores
  Actors     actors, lifetimes, fabrics, owned work
  Notifiers  the synchronous notifiers
  Async      the queued and asynchronous notifiers
  Ports      what peers get of a notifier
  Scopes     scopes and the scope stack

A folder may use its own declarations and those of the layers below it. A name is the folder's
that declares it at the top level of a file (a type, a protocol, a typealias or a function), and
a method is the folder's whose extension adds it to a lower layer's type, when no other folder
declares a function of that name; comments and string literals are not read. The exceptions below are listed with their reason;
a new reference that goes up fails until it is removed or listed here.

It also fails on any `package` declaration in the libraries: what the package's tools need of
the runtime is an SPI (`@_spi(Inspection)`), so that tools in packages of their own can use it.
"""
import pathlib
import re
import sys

root = pathlib.Path(__file__).resolve().parent.parent
core = root / "Sources/BSPCore"
layers = ["Platform", "Support", "Identity", "Audit", "Actors", "Notifiers", "Async", "Ports", "Scopes"]

# (file, name used, why it may reach up).
exceptions = {
    (
        "Notifiers/EventNotifier+Observations.swift",
        "ScopeLifecycle",
    ): "an observer that is a scope is held by its lifecycle while it operates",
    ("Notifiers/RequestNotifier+Handlers.swift", "ScopeLifecycle"): "a scope that handles a notifier binds it",
    ("Async/AsyncRequestNotifier.swift", "ScopeLifecycle"): "a scope that handles a notifier binds it",
    ("Notifiers/EventNotifier+ScopeBound.swift", "ScopeBound"): "what a scope's lifecycle calls on a bound notifier",
    ("Notifiers/RequestNotifier+ScopeBound.swift", "ScopeBound"): "what a scope's lifecycle calls on a bound notifier",
    ("Async/AsyncRequestNotifier.swift", "ScopeBound"): "what a scope's lifecycle calls on a bound notifier",
}

declaration = re.compile(
    r"^(?:@[\w()]+\s+)*(?:(?:public|package|internal|private|fileprivate|final|open|indirect|nonisolated)\s+)*"
    r"(?:class|struct|enum|protocol|actor|typealias|func)\s+([A-Za-z_]\w*)",
    re.M,
)


method = re.compile(
    r"^    (?:@[\w()]+\s+)*(?:(?:public|package|internal|private|fileprivate|final|static|mutating|"
    r"nonisolated|override)\s+)*func\s+([A-Za-z_]\w*)",
    re.M,
)


def extension_bodies(text):
    """The type each top-level extension of a file extends, with the extension's body."""
    for match in re.finditer(r"^(?:@[\w()]+\s+)*(?:public\s+|internal\s+)?extension\s+(\w+)[^{]*\{", text, re.M):
        depth, start = 1, match.end()
        for index in range(start, len(text)):
            depth += {"{": 1, "}": -1}.get(text[index], 0)
            if depth == 0:
                yield match.group(1), text[start:index]
                break


def layer(path):
    parts = path.relative_to(core).parts
    return parts[0] if len(parts) > 1 else None


def code(text):
    text = re.sub(r"//[^\n]*", "", text)
    return re.sub(r'"(?:\\.|[^"\\\n])*"', '""', text)


files = {path: path.read_text(encoding="utf-8") for path in core.rglob("*.swift")}
problems = []
unknown = sorted({layer(path) for path in files} - set(layers) - {None})
if unknown:
    problems.append(f"folders of BSPCore in no layer: {', '.join(unknown)}")

declared = {}
for path, text in files.items():
    for match in declaration.finditer(text):
        declared.setdefault(match.group(1), set()).add(layer(path))
# A method a layer adds, in an extension, to a type of a lower layer is the adding layer's: a
# lower layer calling it (`.name(`) reaches up. Only names no other folder declares count.
added_methods = {}
for path, text in files.items():
    for extended, body in extension_bodies(code(text)):
        homes = declared.get(extended, set())
        if len(homes) != 1 or layer(path) not in layers:
            continue
        (home,) = homes
        if home in layers and layers.index(home) < layers.index(layer(path)):
            for match in method.finditer(body):
                added_methods.setdefault(match.group(1), set()).add(layer(path))
every_function = {}
for path, text in files.items():
    for match in re.finditer(r"\bfunc\s+([A-Za-z_]\w*)", code(text)):
        every_function.setdefault(match.group(1), set()).add(layer(path))
added_methods = {
    name: homes for name, homes in added_methods.items() if len(homes) == 1 and every_function[name] == homes
}

used_exceptions = set()
for path, text in sorted(files.items()):
    own = layer(path)
    if own not in layers:
        continue
    relative = str(path.relative_to(core))
    for name in sorted(set(re.findall(r"\.([A-Za-z_]\w*)\(", code(text))) & set(added_methods)):
        (home,) = added_methods[name]
        if home in layers and layers.index(home) > layers.index(own) and (relative, name) not in exceptions:
            problems.append(
                f"Sources/BSPCore/{relative} calls .{name}(…), which {home} adds to a lower layer's type: "
                f"it belongs in {own} or below"
            )
    for name in sorted(set(re.findall(r"\b[A-Za-z_]\w*\b", code(text)))):
        homes = declared.get(name, set())
        if len(homes) != 1:
            continue  # declared nowhere here, or in several folders (an overload): not a layer's
        (home,) = homes
        if home in layers and layers.index(home) > layers.index(own):
            if (relative, name) in exceptions:
                used_exceptions.add((relative, name))
            else:
                problems.append(f"Sources/BSPCore/{relative} uses {name}, declared in {home}, a layer above {own}")

for stale in sorted(set(exceptions) - used_exceptions):
    problems.append(f"listed exception no longer needed: {stale[0]} uses {stale[1]}; remove it from .ci/layers.py")

# `package` as a modifier, wherever it stands among the others (`final package class`,
# `@available(*, deprecated) package func`, `public package(set) var`); `package import` too.
package_modifier = re.compile(r"(?<![\w.])package(?:\(set\))?\s+(?=[@\w])")
for library in ("BSPCore", "BSPTesting", "BSPDiagrams"):
    for path in sorted((root / "Sources" / library).rglob("*.swift")):
        for number, line in enumerate(code(path.read_text(encoding="utf-8")).splitlines(), 1):
            if package_modifier.search(line):
                problems.append(f"{path.relative_to(root)}:{number}: a package declaration; make it @_spi(Inspection)")

for problem in problems:
    print(problem)
print(
    f"BSPCore's {len(layers)} layers: {len(problems)} problem(s), "
    f"{len(used_exceptions)} listed exception(s) to the one-way rule."
)
sys.exit(1 if problems else 0)
