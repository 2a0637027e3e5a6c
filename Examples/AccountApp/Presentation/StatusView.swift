/// The view of an infrastructure scope: a title and a status line.
final class StatusView: ViewScope<Never, String> {
    private let heading: String
    private var status: String

    init(name: String, title: String, status: String) throws {
        heading = title
        self.status = status
        try super.init(name: name)
    }

    override var title: String { heading }
    override var body: [String] { [status] }
    override func apply(_ update: String) { status = update }
}
