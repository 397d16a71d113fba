enum FeedDemo {
    static func main(arguments: [String], environment: [String: String]) -> Int32 {
        0
    }
}
