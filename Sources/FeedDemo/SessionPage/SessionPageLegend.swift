/// The key under the lanes: each kind of mark, drawn as the lanes draw it, and its meaning.
enum SessionPageLegend {
    /// The key, as HTML.
    static var html: String {
        [
            key("<g class=\"gesture drag\"><rect class=\"bar\" x=\"1\" y=\"2\" width=\"26\" height=\"10\" rx=\"2\"/></g>", "drag"),
            key("<g class=\"gesture fling\"><rect class=\"bar\" x=\"1\" y=\"2\" width=\"20\" height=\"10\" rx=\"2\"/><path class=\"head\" d=\"M21 1l6 6l-6 6z\"/></g>", "fling"),
            key("<g class=\"gesture scroll\"><rect class=\"bar\" x=\"1\" y=\"2\" width=\"26\" height=\"10\" rx=\"2\"/></g>", "animated scroll"),
            key("<g class=\"gesture tap\"><path class=\"tap-mark\" d=\"M14 2l5 5l-5 5l-5 -5z\"/></g>", "tap"),
            key("<g class=\"wants near-end\"><rect x=\"1\" y=\"1\" width=\"26\" height=\"12\"/></g>", "wants more"),
            key("<g class=\"wants unfilled\"><rect x=\"1\" y=\"1\" width=\"26\" height=\"12\"/></g>", "can't fill the screen (prefill)"),
            key("<line class=\"prefetch\" x1=\"1\" x2=\"27\" y1=\"7\" y2=\"7\"/>", "prefetch distance"),
            key("<g class=\"request page\"><rect class=\"bar\" x=\"1\" y=\"2\" width=\"22\" height=\"10\" rx=\"2\"/><circle class=\"end\" cx=\"23\" cy=\"7\" r=\"3\"/></g>", "✓ page"),
            key("<g class=\"request failed\"><rect class=\"bar\" x=\"1\" y=\"2\" width=\"22\" height=\"10\" rx=\"2\"/><path class=\"end\" d=\"M20 4l6 6m0 -6l-6 6\"/></g>", "✗ failed"),
            key("<g class=\"request cancelled\"><rect class=\"bar\" x=\"1\" y=\"2\" width=\"22\" height=\"10\" rx=\"2\"/><path class=\"end\" d=\"M23 1v12\"/></g>", "⊘ cancelled by a refresh"),
            key("<g class=\"request\"><path class=\"stale\" d=\"M1 7H24m-3 -3l6 6m0 -6l-6 6\"/></g>", "late answer dropped as stale"),
            key("<g class=\"request in-flight\"><rect class=\"bar\" x=\"1\" y=\"2\" width=\"20\" height=\"10\" rx=\"2\"/><path class=\"end\" d=\"M21 3l5 4l-5 4z\"/></g>", "in flight at the end"),
            key("<g class=\"backoff wait\"><rect class=\"bar\" x=\"1\" y=\"2\" width=\"26\" height=\"10\" rx=\"2\"/></g>", "back-off"),
            key("<g class=\"backoff tap\"><rect class=\"bar\" x=\"1\" y=\"2\" width=\"26\" height=\"10\" rx=\"2\"/></g>", "tap to retry"),
            key("<g class=\"ignored\"><path class=\"cross\" d=\"M10.5 3.5l7 7m0 -7l-7 7\"/></g>", "trigger ignored"),
            key("<g class=\"page-shown reload\"><circle class=\"marker\" cx=\"14\" cy=\"7\" r=\"3.5\"/></g>", "new list"),
            key("<g class=\"page-shown insert\"><path class=\"marker\" d=\"M14 3l4 7h-8z\"/></g>", "photos inserted"),
            key("<polyline class=\"image-loads\" points=\"1,12 8,12 8,4 18,4 18,8 27,8\"/>", "image loads running"),
            key("<polygon class=\"image-cache\" points=\"1,13 1,9 12,9 12,5 27,5 27,13\"/><line class=\"budget\" x1=\"1\" x2=\"27\" y1=\"2\" y2=\"2\"/>", "image cache, to its budget"),
            key("<line class=\"image-tick cancelled\" x1=\"10\" x2=\"10\" y1=\"1\" y2=\"13\"/><line class=\"image-tick failed\" x1=\"18\" x2=\"18\" y1=\"1\" y2=\"13\"/>", "image load cancelled, failed"),
            key("<g class=\"memory-warning\"><line x1=\"14\" x2=\"14\" y1=\"1\" y2=\"13\"/></g>", "memory warning: the cache emptied"),
        ].joined()
    }

    private static func key(_ mark: String, _ words: String) -> String {
        "<span><svg width=\"28\" height=\"14\" viewBox=\"0 0 28 14\" aria-hidden=\"true\">\(mark)</svg>\(PageMarkup.text("\(own: words)"))</span>"
    }
}
