/// Where a block found an origin or an actor lately: a few slots chosen by a cheap hash, so that
/// the notifiers and actors a run keeps using are found without hashing them for a dictionary,
/// which cost a record more than the rest of packing it.
///
/// A slot holds an index into the block's table, which the block checks against what it looks
/// for: two that share a slot only cost a dictionary lookup.
struct RecentlyFound {
    private static let slots = 16
    private var origins = [Int32](repeating: -1, count: slots)
    private var actors = [Int32](repeating: -1, count: slots)

    /// The slot of an origin: from the bits of its address, which vary above the lowest four.
    static func slot(of identifier: ObjectIdentifier) -> Int {
        let bits = UInt(bitPattern: Int(bitPattern: identifier))
        return Int(truncatingIfNeeded: ((bits >> 4) &* 0x9E37_79B9_7F4A_7C15) >> (UInt(UInt.bitWidth) - 4))
    }

    /// The slot of an actor: from its length and last byte, which are read without reading the rest.
    static func slot(of actor: ActorURI) -> Int {
        let utf8 = actor.path.utf8
        return (utf8.count &* 31 &+ Int(utf8.last ?? 0)) & (slots - 1)
    }

    func origin(in slot: Int) -> Int? {
        origins[slot] < 0 ? nil : Int(origins[slot])
    }

    func actor(in slot: Int) -> Int? {
        actors[slot] < 0 ? nil : Int(actors[slot])
    }

    mutating func found(origin index: Int, in slot: Int) {
        origins[slot] = Int32(truncatingIfNeeded: index)
    }

    mutating func found(actor index: Int, in slot: Int) {
        actors[slot] = Int32(truncatingIfNeeded: index)
    }
}
