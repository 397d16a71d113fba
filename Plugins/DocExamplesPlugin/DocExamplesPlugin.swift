import Foundation
import PackagePlugin

/// Compiles the documentation's examples: for the README, `Examples/README.md` and every
/// article in a `Sources/*/*.docc` catalog, runs `doc-examples` to turn the file's ```swift
/// blocks into a Swift source of the target it is applied to (`DocExamplesTests`). Each file is
/// regenerated when it changes, or when a file it quotes (`<!-- example: excerpt of … -->`)
/// changes, so `swift test` always compiles the examples as written and checks every quote
/// against its file as it is now.
@main
struct DocExamplesPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let package = context.package.directoryURL
        let tool = try context.tool(named: "doc-examples").url
        return markdownFiles(in: package).map { markdown in
            let relative = String(markdown.path.dropFirst(package.path.count + 1))
            let name = String(relative.map { $0.isLetter || $0.isNumber ? $0 : "_" }) + ".swift"
            let output = context.pluginWorkDirectoryURL.appending(path: name)
            return .buildCommand(
                displayName: "Extracting the Swift examples of \(relative)",
                executable: tool,
                arguments: ["--package", package.path, markdown.path, output.path],
                inputFiles: [markdown] + quotedFiles(of: markdown, in: package),
                outputFiles: [output]
            )
        }
    }

    /// The files a Markdown file quotes, named by its `<!-- example: excerpt of path -->`
    /// markers, that exist (doc-examples reports a path that names no file at its marker).
    private func quotedFiles(of markdown: URL, in package: URL) -> [URL] {
        guard let text = try? String(contentsOf: markdown, encoding: .utf8) else { return [] }
        // Read as ExampleBlock reads a marker: `<!-- example:` … `-->` on a line of its own.
        let paths = text.split(separator: "\n").compactMap { line -> String? in
            let line = line.trimmingCharacters(in: .whitespaces)
            guard line.hasPrefix("<!-- example:"), line.hasSuffix("-->") else { return nil }
            let body = line.dropFirst("<!-- example:".count).dropLast("-->".count).trimmingCharacters(in: .whitespaces)
            guard body.hasPrefix("excerpt of ") else { return nil }
            return body.dropFirst("excerpt of ".count).trimmingCharacters(in: .whitespaces)
        }
        return Set(paths).sorted().map { package.appending(path: $0) }
            .filter { FileManager.default.fileExists(atPath: $0.path) }
    }

    /// The Markdown files whose examples compile: the READMEs and the DocC articles.
    private func markdownFiles(in package: URL) -> [URL] {
        let files = FileManager.default
        var found = ["README.md", "Examples/README.md"]
            .map { package.appending(path: $0) }
            .filter { files.fileExists(atPath: $0.path) }
        let sources = package.appending(path: "Sources")
        for module in (try? files.contentsOfDirectory(atPath: sources.path)) ?? [] {
            let moduleDirectory = sources.appending(path: module)
            for catalog in (try? files.contentsOfDirectory(atPath: moduleDirectory.path)) ?? [] where catalog.hasSuffix(".docc") {
                let catalogDirectory = moduleDirectory.appending(path: catalog)
                let articles = files.enumerator(atPath: catalogDirectory.path)?.compactMap { $0 as? String } ?? []
                found += articles.filter { $0.hasSuffix(".md") }.map { catalogDirectory.appending(path: $0) }
            }
        }
        return found.sorted { $0.path < $1.path }
    }
}
