import BSPAtomics

/// What is left of the current thread's stack, which cuts every synchronous cycle.
///
/// A cycle of nested notifications — a ring of request notifiers, requests and events in turn,
/// audited or not — grows the stack by what each handler's frames take, which differs between
/// debug and release builds and with what the handlers do. So a cycle is cut by what is left of
/// the stack rather than by a count of nested sends: once the stack has grown past its last
/// quarter (and at least its last 128 KiB), a nested send is dropped with
/// ``NotifierError/nestedTooDeep(_:)`` — on a 512 KiB secondary thread as on an 8 MiB main thread.
/// Where the platform does not tell a thread's stack bounds, nothing is cut by the stack; each
/// notifier's own limit still ends a cycle through it.
///
/// Every send checks, fast paths included — a chain of distinct notifiers re-enters none — at
/// about 0.8 ns (`send1_ns` 4.5 → 5.3 in one interleaved run). The reserve is what handlers may
/// use between two sends, and what rendering a notification for the trail may take: a value
/// described through reflection takes stack for each level it nests. A handler, or a rendering,
/// that itself takes more than the reserve can still overflow.
@usableFromInline
enum StackBudget {
    /// Whether the stack has grown into its reserve: one thread-local read and a compare.
    @usableFromInline
    static var isNearlyExhausted: Bool {
        bsp_stack_is_nearly_exhausted()
    }
}
