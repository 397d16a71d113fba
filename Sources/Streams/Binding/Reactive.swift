// RxSwift's `.rx` namespace: a type's reactive members, written in an extension of `Reactive`.

/// The namespace of a type's reactive members: `button.rx.tap`, `label.rx.text`, RxSwift's
/// `Reactive`.
///
/// A type opts in with ``ReactiveCompatible``, and its reactive members are written in a
/// constrained extension of `Reactive`, where ``base`` is the object itself:
///
/// ```swift
/// @MainActor final class ProfileView { var title = "" }
/// extension ProfileView: ReactiveCompatible {}
///
/// extension Reactive where Base: ProfileView {
///     var title: Binder<String> {
///         Binder(base) { view, title in view.title = title }
///     }
/// }
///
/// viewModel.title.drive(profileView.rx.title)
/// ```
///
/// A settable property of a class needs no extension: `object.rx.property` is a ``Binder``
/// that sets it (see ``subscript(dynamicMember:)``).
///
/// Streams has no UI framework of its own and makes no type reactive for you: on Apple
/// platforms, an app adds `extension UIView: ReactiveCompatible {}` (or `NSObject`) once, which
/// is what RxCocoa does for it. A `Reactive` is `Sendable` when its base is.
@dynamicMemberLookup
public struct Reactive<Base> {
    /// The object whose reactive members these are.
    public let base: Base

    /// Creates the namespace of `base`'s reactive members.
    public init(_ base: Base) {
        self.base = base
    }

    /// A ``Binder`` that sets a property of the object: `profileView.rx.title`, RxSwift's
    /// binder synthesized for each writable property of a class.
    ///
    /// ```swift
    /// @MainActor final class ProfileView { var title = "" }
    /// extension ProfileView: ReactiveCompatible {}
    ///
    /// viewModel.title.drive(profileView.rx.title)   // sets profileView.title
    /// ```
    ///
    /// It is `Binder(base) { object, value in object[keyPath: keyPath] = value }`: it holds the
    /// object weakly, and sets the property on the main actor, each value delivered on
    /// ``DispatchQueueScheduler/main`` (see ``Binder``).
    ///
    /// - Parameter keyPath: The property to set, of a class that is `Sendable` (a `@MainActor`
    ///   class is).
    /// - Returns: A binder that sets the property to each value.
    public subscript<Property: Sendable>(
        dynamicMember keyPath: ReferenceWritableKeyPath<Base, Property> & Sendable
    ) -> Binder<Property> where Base: AnyObject & Sendable {
        Binder(base) { object, value in
            object[keyPath: keyPath] = value
        }
    }
}

extension Reactive: Sendable where Base: Sendable {}

/// A type with a ``Reactive`` namespace, `.rx`, on its values and on the type itself.
///
/// Conform with an empty extension; the protocol's extension provides both properties.
public protocol ReactiveCompatible {
    /// The type the namespace extends: the conforming type itself.
    associatedtype ReactiveBase

    /// The namespace of the type's static reactive members.
    static var rx: Reactive<ReactiveBase>.Type { get set }

    /// The namespace of this value's reactive members.
    var rx: Reactive<ReactiveBase> { get set }
}

extension ReactiveCompatible {
    /// The namespace of the type's static reactive members.
    public static var rx: Reactive<Self>.Type {
        get { Reactive<Self>.self }
        // A setter, as in RxSwift, so that mutating members of a value type's extension can be
        // reached through `rx`; there is nothing to store.
        set {}
    }

    /// The namespace of this value's reactive members.
    public var rx: Reactive<Self> {
        get { Reactive(self) }
        set {}
    }
}
