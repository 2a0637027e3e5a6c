/// Where a value holds an object: a copy of the value shares the object, so a snapshot of it
/// changes whenever the object does, and comparing it with the value now can never tell.
enum SharedReference {
    /// The path to the first object `value` holds, such as `State.counter`, or `nil` if it is
    /// a value all the way down. Collections are followed element by element.
    static func path(in value: Any, named name: String) -> String? {
        let mirror = Mirror(reflecting: value)
        if mirror.displayStyle == .class {
            return name
        }
        for (index, child) in mirror.children.enumerated() {
            let label = child.label.map { "\(name).\($0)" } ?? "\(name)[\(index)]"
            if let path = path(in: child.value, named: label) {
                return path
            }
        }
        return nil
    }
}
