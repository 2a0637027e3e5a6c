/// The context a request notifier reports to, shared with its ports: a port reports a request to
/// a notifier that has gone where the notifier last reported, including a context it joined
/// after the port was taken (a scope's notifier joins its stack's context when pushed).
@usableFromInline
final class ReportingContext {
    @usableFromInline var context: AuditContext

    init(_ context: AuditContext) {
        self.context = context
    }
}
