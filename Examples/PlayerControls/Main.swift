@main enum PlayerControlsMain { static func main() {} }
