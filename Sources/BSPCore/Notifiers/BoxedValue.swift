/// Tells a value boxed as an object (`value as AnyObject`) from a class instance.
///
/// Swift boxes a struct, an enum or a tuple cast to `AnyObject` in an object of one runtime
/// class; nothing else holds that box, so an observation or a handler that lasts as long as it
/// ends at once. Where Foundation is loaded — on Apple platforms and on Linux alike — numbers,
/// strings, collections, `Data`, `Date`, `URL` and `nil` bridge to Foundation objects instead
/// (`NSNumber`, `NSString`, `NSNull`, …), which are real objects and are not told apart.
enum BoxedValue {
    /// The runtime class of boxed values, found by boxing one.
    private static let boxClass = ObjectIdentifier(type(of: () as AnyObject))

    /// Whether `object` is a value boxed as an object rather than a class instance.
    static func isBox(_ object: AnyObject) -> Bool {
        ObjectIdentifier(type(of: object)) == boxClass
    }
}
