#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Android)
import Android
#endif

/// The platform's mutual-exclusion lock, at a stable heap address: `os_unfair_lock` on Apple
/// platforms, a pthread mutex on Linux (Glibc or Musl) and Android.
///
/// The package's one lock: ``Locked`` is built on it, and nothing else takes a platform lock.
final class PlatformLock {
    #if canImport(Darwin)
    private let pointer = UnsafeMutablePointer<os_unfair_lock>.allocate(capacity: 1)

    init() {
        pointer.initialize(to: os_unfair_lock())
    }

    func lock() { os_unfair_lock_lock(pointer) }
    func unlock() { os_unfair_lock_unlock(pointer) }

    deinit {
        pointer.deinitialize(count: 1)
        pointer.deallocate()
    }
    #elseif canImport(Glibc) || canImport(Musl) || canImport(Android)
    private let pointer = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

    init() {
        pointer.initialize(to: pthread_mutex_t())
        let result = pthread_mutex_init(pointer, nil)
        precondition(result == 0, "pthread_mutex_init failed with \(result)")
    }

    func lock() { pthread_mutex_lock(pointer) }
    func unlock() { pthread_mutex_unlock(pointer) }

    deinit {
        pthread_mutex_destroy(pointer)
        pointer.deinitialize(count: 1)
        pointer.deallocate()
    }
    #else
    #error("PlatformLock needs os_unfair_lock or pthreads on this platform.")
    #endif
}
