/// A test file needs `import StreamsTesting` and its test framework, nothing more: the
/// operators, `TestScheduler` and the rest of `Streams` come with it.
@_exported import Streams
