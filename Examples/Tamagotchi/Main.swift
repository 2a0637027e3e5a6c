@main enum TamagotchiMain { static func main() {} }
