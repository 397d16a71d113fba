/// One lane of the session page: its title and a line on how to read it in the left gutter, and
/// its marks on the shared ``TimeAxis``.
///
/// Each lane is made by a function of its own from the ``SessionRecording`` (``FingerLane``,
/// ``RequestLane``, …); ``SessionLanes`` stacks them. A new lane is one more such function and
/// one more entry in ``SessionLanes/lanes(_:axis:)``.
struct PageLane: Sendable {
    /// The lane's name, for its CSS class and `data-lane`: `requests`.
    var name: String
    /// Its title in the gutter: `requests`.
    var title: String
    /// How to read it, under the title: `id · page · why`.
    var note: String
    /// Its height.
    var height: Double
    /// Its marks, as SVG, with y from the lane's top.
    var marks: String
    /// What it shows, in words, for the picture's description.
    var summary: String
}
