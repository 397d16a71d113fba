import FeedDemo
import Foundation

exit(DemoCommand.main(arguments: Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment))
