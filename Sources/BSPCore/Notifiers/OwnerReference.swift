/// The object an observation or a handler lasts as long as, held by a weak reference.
///
/// A weak reference is how Swift tells, soundly, whether an object lives: loading it either
/// retains the object for as long as the caller uses it, or finds that its deinitialization has
/// begun — whichever thread releases it. It keeps neither the object alive nor its memory
/// allocated, and reflection (`dump`, `Mirror`, the text of a failed expectation) reads it as
/// `nil` once the object has gone.
///
/// It costs a send more than a strong reference would (the load goes through the object's side
/// table); the package accepts that cost rather than read reference counts through the Swift
/// runtime's private entry points, or hold an `unowned` reference whose load stops the program
/// when its object is deinitializing on another thread.
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
