import BSPCore
import Testing

@Suite("Fabric")
struct FabricTests {
    @Test func actorsAreKeptInTheOrderTheyWereAdded() throws {
        let fabric = Fabric()
        let service = NamedActor("/actor/service")
        let presentation = NamedActor("/actor/presentation")
        try fabric.add(service)
        try fabric.add(presentation)

        #expect(fabric.actors.map(\.uri) == ["/actor/service", "/actor/presentation"])
        #expect(fabric["/actor/service"] === service)
    }

    @Test func aSecondActorWithTheSameURIIsRejectedNamingIt() throws {
        let fabric = Fabric()
        try fabric.add(NamedActor("/actor/service"))

        #expect(throws: FabricError.duplicateActor("/actor/service")) {
            try fabric.add(NamedActor("/actor/service"))
        }
        #expect(fabric.actors.count == 1)
        #expect(FabricError.duplicateActor("/actor/service").description.contains("'/actor/service'"))
    }

    @Test func removingAnActorFreesItsURI() throws {
        let fabric = Fabric()
        try fabric.add(NamedActor("/actor/service"))

        #expect(fabric.remove("/actor/service") != nil)
        #expect(fabric.remove("/actor/service") == nil)
        try fabric.add(NamedActor("/actor/service"))
        #expect(fabric.actors.count == 1)
    }

    @Test func theFabricKeepsItsActorsAlive() throws {
        let fabric = Fabric()
        weak var actor: NamedActor?
        do {
            let strong = NamedActor("/actor/kept")
            actor = strong
            try fabric.add(strong)
        }
        #expect(actor != nil)
        fabric.remove("/actor/kept")
        #expect(actor == nil)
    }
}
