import BSPAtomics

#if _runtime(_ObjC)
import ObjectiveC
#endif

/// The object an observation or a handler lasts as long as: it keeps the object no more alive
/// than a weak reference would, but tells whether it lives, and lends it, for a fraction of a
/// weak load's cost.
///
/// A weak load retains the object through its side table, and every later retain and release
/// of an object that has a side table goes through it too: ten observers kept by weak
/// references cost a send about 37 ns each. Instead the reference keeps the object's memory
/// allocated with an `unowned` reference — its `deinit` still runs when its last strong
/// reference goes, and it releases what it holds — so that the runtime can read its reference
/// count at any time: whether it is being deinitialized, and a retain that fails once it is.
/// The memory itself returns when the reference goes, which the notifier arranges at its
/// next send or sooner.
///
/// An Objective-C object, whose count Swift's runtime does not keep, is held weakly instead.
struct OwnerReference {
    /// Keeps the owner's memory allocated, not the owner alive. Never loaded: loading an
    /// `unowned` reference to an object being deinitialized stops the program.
    /// (Not optional: as an optional `unowned` field, Swift 6.3 on Linux released a wrong
    /// address when this reference was copied — seen in the package's tests.)
    private unowned(safe) let allocation: AnyObject
    /// The owner's address, for the runtime to read its reference count.
    private let address: UnsafeMutableRawPointer
    #if _runtime(_ObjC)
    /// An Objective-C owner, held weakly (see the type's overview).
    private weak var objectiveCOwner: AnyObject?
    /// Whether the owner is held through ``allocation``, else through ``objectiveCOwner``.
    private let isCountedBySwift: Bool
    #endif

    init(_ owner: AnyObject) {
        address = Unmanaged.passUnretained(owner).toOpaque()
        #if _runtime(_ObjC)
        let isCountedBySwift = Self.usesSwiftReferenceCounting(owner)
        self.isCountedBySwift = isCountedBySwift
        allocation = isCountedBySwift ? owner : Placeholder.shared
        objectiveCOwner = isCountedBySwift ? nil : owner
        #else
        allocation = owner
        #endif
    }

    /// Whether the owner lives: no reference count is changed.
    var isAlive: Bool {
        #if _runtime(_ObjC)
        guard isCountedBySwift else { return objectiveCOwner != nil }
        #endif
        return !bsp_is_deinitializing(address)
    }

    /// Calls `body` with the owner, held for the call, or returns `nil` when it has gone.
    ///
    /// Safe whichever thread releases the owner: the retain either happens before its
    /// deinitialization begins, and then holds it until `body` returns, or fails.
    @inline(__always)
    func withOwner<Result>(_ body: (AnyObject) -> Result) -> Result? {
        #if _runtime(_ObjC)
        guard isCountedBySwift else { return objectiveCOwner.map(body) }
        #endif
        guard bsp_retain_if_alive(address) else { return nil }
        let owner = Unmanaged<AnyObject>.fromOpaque(address)
        defer { owner.release() }
        return owner._withUnsafeGuaranteedRef(body)
    }

    /// The owner, retained, if it lives.
    var object: AnyObject? {
        withOwner { $0 }
    }
}

#if _runtime(_ObjC)
extension OwnerReference {
    /// What ``allocation`` refers to when the owner is an Objective-C object.
    private final class Placeholder: Sendable {
        static let shared = Placeholder()
    }

    /// Whether Swift's runtime keeps the reference count of `object`: whether its class
    /// descends from Swift's own root class rather than from an Objective-C one.
    fileprivate static func usesSwiftReferenceCounting(_ object: AnyObject) -> Bool {
        var root: AnyClass? = object_getClass(object)
        while let superclass = class_getSuperclass(root) {
            root = superclass
        }
        return root.map { String(cString: class_getName($0)) == "_TtCs12_SwiftObject" } ?? false
    }
}
#endif
