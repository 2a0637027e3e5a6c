/// Where a value holds an object: a copy of the value shares the object, so a snapshot of it
/// changes whenever the object does, and comparing it with the value now can never tell.
enum SharedReference {
    /// The path to the first object `value` holds, such as `State.counter`, or `nil` if it is
    /// a value all the way down. Collections are followed element by element.
    static func path(in value: Any, named name: String) -> String? {
        let mirror = Mirror(reflecting: value)
        if mirror.displayStyle == .class {
            return isImmutable(value) ? nil : name
        }
        // The standard library's and Foundation's structs and enums are values, whatever they
        // keep inside: `URL`, `TimeZone` or `AttributedString` copy on write, or hold only what
        // never changes.
        if isStandard(type(of: value)) {
            return nil
        }
        for (index, child) in mirror.children.enumerated() {
            let label = child.label.map { "\(name).\($0)" } ?? "\(name)[\(index)]"
            if let path = path(in: child.value, named: label) {
                return path
            }
        }
        return nil
    }

    /// Whether `type` is one of the standard library's or Foundation's.
    private static func isStandard(_ type: Any.Type) -> Bool {
        let name = String(reflecting: type)
        return ["Swift.", "Foundation.", "FoundationEssentials.", "FoundationInternationalization."].contains {
            name.hasPrefix($0)
        }
    }

    /// Whether `object` is one that never changes: a key path.
    private static func isImmutable(_ object: Any) -> Bool {
        object is AnyKeyPath
    }
}
