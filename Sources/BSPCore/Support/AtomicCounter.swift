import BSPAtomics

/// A 64-bit counter that threads may change at once without a lock.
///
/// Built on C11 atomics rather than `Synchronization.Atomic`, which needs macOS 15 / iOS 18:
/// the package supports what the Observation framework supports (macOS 14 / iOS 17). A value
/// holding the counter's address, so that reaching it costs no load through an object; its
/// owner frees it with ``destroy()``.
struct AtomicCounter: @unchecked Sendable {
    // @unchecked: the counter is only ever touched through the atomic C functions.
    private let counter: UnsafeMutablePointer<bsp_counter>

    init(_ initial: Int64 = 0) {
        counter = bsp_counter_create(initial)
    }

    /// Frees the counter; call it once, when its owner goes away.
    func destroy() {
        bsp_counter_destroy(counter)
    }

    /// Adds `delta` and returns the new value. Relaxed: orders nothing else.
    @discardableResult
    func add(_ delta: Int64) -> Int64 {
        bsp_counter_add(counter, delta)
    }

    /// Adds `delta` so that what this thread wrote before is seen by ``loadAcquiring()``.
    func addReleasing(_ delta: Int64) {
        bsp_counter_add_releasing(counter, delta)
    }

    /// The value now. Relaxed: orders nothing else.
    func load() -> Int64 {
        bsp_counter_load(counter)
    }

    /// The value now, seeing what was written before the ``addReleasing(_:)`` that set it.
    func loadAcquiring() -> Int64 {
        bsp_counter_load_acquiring(counter)
    }
}
