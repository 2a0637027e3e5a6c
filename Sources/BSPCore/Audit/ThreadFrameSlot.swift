import BSPAtomics

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Android)
import Android
#endif

/// The frame of the handler running on this thread.
///
/// A handler runs synchronously, so the frames of one thread nest strictly: a delivery sets
/// the slot and restores it before it returns, and nothing else can run on the thread in
/// between. That makes a thread-local slot exact for synchronous causes, at a few nanoseconds
/// per delivery where a task-local binding costs tens.
///
/// The slot is raw memory rather than an object, so that reaching it retains nothing. It is
/// found through a C thread-local (one read) and freed by a pthread key's destructor when the
/// thread ends.
enum ThreadFrameSlot {
    #if canImport(Darwin) || canImport(Glibc) || canImport(Musl) || canImport(Android)
    /// This thread's slot, made on first use and freed when the thread ends.
    static var current: UnsafeMutablePointer<AuditFrame?>? {
        let address = bsp_thread_frame_slot_address()
        if let slot = address.pointee {
            return slot.assumingMemoryBound(to: AuditFrame?.self)
        }
        let slot = UnsafeMutablePointer<AuditFrame?>.allocate(capacity: 1)
        slot.initialize(to: nil)
        // The key's destructor frees the slot when the thread ends; the thread-local is what
        // a frame is read through.
        pthread_setspecific(threadFrameKey, slot)
        address.pointee = UnsafeMutableRawPointer(slot)
        return slot
    }
    #else
    /// Without thread-local storage there is no slot, and frames travel as task-locals alone.
    static var current: UnsafeMutablePointer<AuditFrame?>? { nil }
    #endif
}

#if canImport(Darwin) || canImport(Glibc) || canImport(Musl) || canImport(Android)
/// The key of every thread's slot; its destructor frees the slot when the thread ends.
private let threadFrameKey: pthread_key_t = {
    var key = pthread_key_t()
    let result = pthread_key_create(&key) { slot in freeSlot(slot) }
    precondition(result == 0, "pthread_key_create failed with \(result)")
    return key
}()

/// Frees a slot made by ``ThreadFrameSlot/current``; the pointer is optional on some
/// platforms only, so it is taken as optional on all.
private func freeSlot(_ slot: UnsafeMutableRawPointer?) {
    guard let slot = slot?.assumingMemoryBound(to: AuditFrame?.self) else { return }
    // Forget it first: another destructor of the ending thread may still send, and must then
    // make a slot of its own rather than read this one.
    bsp_thread_frame_slot_address().pointee = nil
    slot.deinitialize(count: 1)
    slot.deallocate()
}
#endif
