/// The scripted session played when there is no terminal: login, navigation, background and
/// foreground with the key accepted, then background and foreground with the key refused.
enum DemoScript {
    static let lines = [
        "login ada wrong",
        "login ada lovelace",
        "open 2",
        "back",
        "open 1",
        "background",
        "wait 30",
        "foreground",
        "background",
        "wait 600",
        "foreground",
        "login ada lovelace",
        "logout",
        "quit",
    ]
}
