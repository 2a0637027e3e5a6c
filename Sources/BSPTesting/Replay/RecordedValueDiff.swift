import BSPCore

/// A structural diff of two recorded values: one line per leaf that differs, named by its path.
enum RecordedValueDiff {
    /// `− path: recorded` and `+ path: replayed` for each difference, in key order.
    static func lines(recorded: RecordedValue, replayed: RecordedValue) -> [String] {
        diff(recorded, replayed, path: "")
    }

    private static func diff(_ recorded: RecordedValue, _ replayed: RecordedValue, path: String) -> [String] {
        switch (recorded, replayed) {
        case (.object(let old), .object(let new)):
            return Set(old.keys).union(new.keys).sorted().flatMap { key in
                pair(old[key], new[key], path: path.isEmpty ? key : "\(path).\(key)")
            }
        case (.array(let old), .array(let new)):
            return (0..<max(old.count, new.count)).flatMap { index in
                pair(
                    index < old.count ? old[index] : nil, index < new.count ? new[index] : nil,
                    path: "\(path)[\(index)]")
            }
        default:
            return recorded == replayed ? [] : ["− \(label(path)): \(recorded)", "+ \(label(path)): \(replayed)"]
        }
    }

    private static func pair(_ recorded: RecordedValue?, _ replayed: RecordedValue?, path: String) -> [String] {
        switch (recorded, replayed) {
        case (let old?, let new?): diff(old, new, path: path)
        case (let old?, nil): ["− \(path): \(old)"]
        case (nil, let new?): ["+ \(path): \(new)"]
        case (nil, nil): []
        }
    }

    private static func label(_ path: String) -> String {
        path.isEmpty ? "(the value)" : path
    }
}
