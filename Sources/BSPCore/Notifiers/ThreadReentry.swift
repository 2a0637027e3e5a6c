#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Android)
import Android
#endif

/// How many requests are nested on this thread while re-entering a notifier that is already
/// handling one.
///
/// Every synchronous cycle re-enters a notifier — a ring of notifiers comes back to where it
/// began — so counting re-entries alone bounds any cycle, however many notifiers it runs
/// through, while a send that re-enters nothing never touches this count. The count lives in a
/// thread-local slot, as the number in a pointer's bits: nothing to allocate or free.
@usableFromInline
enum ThreadReentry {
    /// Counts one more re-entry on this thread, unless that would pass `limit`.
    ///
    /// - Returns: Whether the re-entry may go ahead; if so, balance it with ``exit()``.
    @usableFromInline
    static func enter(limit: Int) -> Bool {
        let count = current
        guard count < limit else { return false }
        current = count + 1
        return true
    }

    /// Counts one re-entry fewer on this thread.
    @usableFromInline
    static func exit() {
        current -= 1
    }

    #if canImport(Darwin) || canImport(Glibc) || canImport(Musl) || canImport(Android)
    private static var current: Int {
        get { Int(bitPattern: pthread_getspecific(threadReentryKey)) }
        set { pthread_setspecific(threadReentryKey, UnsafeRawPointer(bitPattern: newValue)) }
    }
    #else
    /// Without thread-local storage, re-entries are not counted across notifiers; each
    /// notifier's own limit still ends a cycle through it.
    private static var current: Int {
        get { 0 }
        set {}
    }
    #endif
}

#if canImport(Darwin) || canImport(Glibc) || canImport(Musl) || canImport(Android)
/// The key of every thread's re-entry count; a count needs no destructor.
private let threadReentryKey: pthread_key_t = {
    var key = pthread_key_t()
    let result = pthread_key_create(&key, nil)
    precondition(result == 0, "pthread_key_create failed with \(result)")
    return key
}()
#endif
