/// An owner about to be let go of, held by a weak reference, untyped: what a test's leak check
/// watches to see whether the owner goes with its handler. (Observations and handlers hold
/// their owners through weak references of the owner's own type.)
///
/// A weak reference is how Swift tells, soundly, whether an object lives: loading it either
/// retains the object for as long as the caller uses it, or finds that its deinitialization has
/// begun — whichever thread releases it. It keeps neither the object alive nor its memory
/// allocated, and reflection (`dump`, `Mirror`, the text of a failed expectation) reads it as
/// `nil` once the object has gone.
struct OwnerReference {
    private weak var owner: AnyObject?

    init(_ owner: AnyObject) {
        self.owner = owner
    }

    /// Whether the owner lives.
    var isAlive: Bool {
        owner != nil
    }

    /// The owner, retained for as long as the caller holds it, if it lives.
    @inline(__always)
    var object: AnyObject? {
        owner
    }
}
