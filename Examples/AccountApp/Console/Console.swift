/// The world around the app: the user typing at the terminal, and the OS. UI commands go to the
/// Presentation; `background`, `foreground` and `wait` are the OS and the passing of time.
final class Console {
    let app: AccountApp
    private let write: (String) -> Void

    init(app: AccountApp, write: @escaping (String) -> Void) {
        self.app = app
        self.write = write
    }

    /// Runs one typed line and shows the screen after it; returns `false` on `quit`.
    @discardableResult
    func run(_ line: String) -> Bool {
        let command: Command
        do {
            command = try Command(parsing: line)
        } catch {
            write("\(error)")
            return true
        }
        switch command {
        case .quit:
            return false
        case .help:
            write(Console.help)
            return true
        case .background:
            app.service.applicationDidEnterBackground()
        case .foreground:
            app.service.applicationWillEnterForeground()
        case .wait(let seconds):
            app.portal.advance(by: seconds)
            write("(\(Int(seconds)) s pass)")
            return true
        case .logIn, .open, .back, .logOut:
            if !app.presentation.perform(command) {
                write("'\(line.split(separator: " ").first ?? "")' is not available on this screen.")
            }
        }
        write(app.presentation.screen)
        return true
    }

    static let help = """
        Commands: login NAME PASSWORD, open N, back, logout (on the app's screens);
        background, foreground (the OS); wait SECONDS (time passes); help; quit.
        Users: ada / lovelace, alan / turing.
        """
}
