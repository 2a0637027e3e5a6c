extension FileAuditStore {
    /// When the writer hands what it has encoded to the operating system.
    ///
    /// A record handed over survives the app being killed (it is in the system's file cache);
    /// one still waiting in the store does not.
    public enum FlushPolicy: Hashable, Sendable {
        /// As soon as the writer has it: the writer wakes for every record that arrives while
        /// it sleeps, and writes what has arrived in one call.
        case everyRecord
        /// Once per interval: fewer writes, and up to one interval of records lost in a crash.
        case every(Duration)
    }
}
