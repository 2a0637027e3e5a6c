import Foundation

/// The figures of one run, as a table or as one JSON object.
struct Report {
    /// Rows of the table: a label, a figure with its unit, and notes (ratios).
    var rows: [(label: String, value: String, notes: String)] = []
    /// Every figure by its JSON key.
    var figures: [String: Double] = [:]

    mutating func add(_ label: String, _ value: String, _ notes: String = "") {
        rows.append((label, value, notes))
    }

    var table: String {
        let labelWidth = rows.map(\.label.count).max() ?? 0
        let valueWidth = rows.map(\.value.count).max() ?? 0
        return rows.map { row in
            row.label.padding(toLength: labelWidth, withPad: " ", startingAt: 0) + "  "
                + String(repeating: " ", count: valueWidth - row.value.count) + row.value
                + (row.notes.isEmpty ? "" : "   " + row.notes)
        }.joined(separator: "\n")
    }

    var json: String {
        let data =
            (try? JSONSerialization.data(withJSONObject: figures, options: [.sortedKeys, .prettyPrinted])) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }
}

func format(_ value: Double, decimals: Int = 1) -> String {
    String(format: "%.\(decimals)f", value)
}

func ratio(_ value: Double) -> String {
    value >= 10 ? String(format: "%.0f×", value) : String(format: "%.2f×", value)
}
