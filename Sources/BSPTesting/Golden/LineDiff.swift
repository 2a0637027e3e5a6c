/// The difference between two lists of lines, as a person reads a diff: lines in both kept
/// in place, those only in the first marked removed, those only in the second marked added.
///
/// Aligned on a longest common subsequence, so that one missing line shows as one removal
/// rather than misaligning everything after it.
struct LineDiff<Line: Equatable> {
    enum Change: Equatable {
        case same(Line)
        case removed(Line)
        case added(Line)
    }

    let changes: [Change]

    /// The diff from `old` to `new`.
    init(from old: [Line], to new: [Line]) {
        // Lengths of the longest common subsequences of the suffixes, filled from the end.
        let width = new.count + 1
        var lengths = [Int](repeating: 0, count: (old.count + 1) * width)
        for i in stride(from: old.count - 1, through: 0, by: -1) {
            for j in stride(from: new.count - 1, through: 0, by: -1) {
                lengths[i * width + j] =
                    old[i] == new[j]
                    ? lengths[(i + 1) * width + j + 1] + 1
                    : max(lengths[(i + 1) * width + j], lengths[i * width + j + 1])
            }
        }
        var changes: [Change] = []
        var (i, j) = (0, 0)
        while i < old.count, j < new.count {
            if old[i] == new[j] {
                changes.append(.same(old[i]))
                (i, j) = (i + 1, j + 1)
            } else if lengths[(i + 1) * width + j] >= lengths[i * width + j + 1] {
                changes.append(.removed(old[i]))
                i += 1
            } else {
                changes.append(.added(new[j]))
                j += 1
            }
        }
        changes += old[i...].map(Change.removed) + new[j...].map(Change.added)
        self.changes = changes
    }

    /// Whether the two lists are equal.
    var isEmpty: Bool {
        changes.allSatisfy { if case .same = $0 { true } else { false } }
    }

    /// The diff as text: `−` before a removed line, `+` before an added one, two spaces before
    /// a kept one; runs of more than `context` kept lines between changes are elided.
    func rendered(context: Int = 3, describe: (Line) -> String) -> String {
        let changed = changes.indices.filter { if case .same = changes[$0] { false } else { true } }
        var text = ""
        var elided = false
        for index in changes.indices {
            let near = changed.contains { abs($0 - index) <= context }
            guard near else {
                if !elided { text += "  …\n" }
                elided = true
                continue
            }
            elided = false
            switch changes[index] {
            case .same(let line): text += "  \(describe(line))\n"
            case .removed(let line): text += "− \(describe(line))\n"
            case .added(let line): text += "+ \(describe(line))\n"
            }
        }
        return text
    }
}
