import Streams

/// The context of a block without `in`: nothing but the modules, as a reader's own file has.
///
/// The names examples most often borrow are declared here, unavailable, only so that a block
/// using one without declaring it fails with a message that says how to give it a stand-in.
/// They have the stand-ins' types, so the rest of the block still type-checks.
struct Standalone {
    @available(*, unavailable, message: "not declared in this example: declare it in the block, or mark the block <!-- example: in PhotoApp --> to use the stand-in in Tests/DocExamplesTests/Contexts/PhotoApp.swift")
    var service: PhotoApp.PhotoService { fatalError() }

    @available(*, unavailable, message: "not declared in this example: declare it in the block, or mark the block <!-- example: in PhotoApp --> to use the stand-in in Tests/DocExamplesTests/Contexts/PhotoApp.swift")
    var viewModel: PhotoApp.ViewModel { fatalError() }

    @available(*, unavailable, message: "not declared in this example: declare it in the block, or mark the block <!-- example: in PhotoApp --> to use the stand-in in Tests/DocExamplesTests/Contexts/PhotoApp.swift")
    var scheduler: any Scheduler { fatalError() }

    @available(*, unavailable, message: "not declared in this example: declare it in the block, or mark the block <!-- example: in PhotoApp --> to use the stand-in in Tests/DocExamplesTests/Contexts/PhotoApp.swift")
    var disposeBag: DisposeBag { fatalError() }

    @available(*, unavailable, message: "not declared in this example: declare it in the block, or mark the block <!-- example: in FeedApp --> to use the stand-in in Tests/DocExamplesTests/Contexts/FeedApp.swift")
    var bag: DisposeBag { fatalError() }

    @available(*, unavailable, message: "not declared in this example: declare it in the block, or mark the block <!-- example: in PhotoApp --> to use the stand-in in Tests/DocExamplesTests/Contexts/PhotoApp.swift")
    func show(_ page: PhotoApp.PhotoPage) {}

    @available(*, unavailable, message: "not declared in this example: declare it in the block, or mark the block <!-- example: in PhotoApp --> to use the stand-in in Tests/DocExamplesTests/Contexts/PhotoApp.swift")
    func showError(_ error: any Error) {}
}
