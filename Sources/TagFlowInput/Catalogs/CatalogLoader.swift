import Foundation
import TagFlowImage
import TagFlowLayout

extension StringCatalog {
    /// The catalog at `path`: an `.xcstrings` file; a `.strings` file (its language from its `*.lproj` folder, else
    /// `en`); or a folder of `*.lproj` folders, or one such folder, each `.strings` file in them read. The source
    /// language of `.strings` files is `en` where there is one, else `Base`, else the first by name.
    public static func load(_ path: String) throws(InputError) -> StringCatalog {
        let lowered = path.lowercased()
        if lowered.hasSuffix(".xcstrings") { return try XCStringsReader.parse(InputFiles.read(path), file: path) }
        if lowered.hasSuffix(".strings") {
            return try fromStrings([(language(ofFolder: AtomicFile.folder(of: path)) ?? "en", [path])], name: path)
        }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else {
            if !FileManager.default.fileExists(atPath: path) { throw .unreadable(.noSuchFile(path)) }
            throw .catalog(.notACatalog(path: path))
        }
        let folders = language(ofFolder: path).map { [($0, path)] } ?? lprojFolders(in: path)
        let files = folders.map { language, folder in
            (language, stringsFiles(in: folder).map { (folder as NSString).appendingPathComponent($0) })
        }.filter { !$0.1.isEmpty }
        guard !files.isEmpty else { throw .catalog(.noStringsFiles(folder: path)) }
        return try fromStrings(files, name: path)
    }

    private static func fromStrings(_ files: [(language: String, paths: [String])],
                                    name: String) throws(InputError) -> StringCatalog {
        let languages = files.map(\.language)
        let source = languages.contains("en") ? "en" : languages.contains("Base") ? "Base" : languages.sorted()[0]
        var catalog = StringCatalog(sourceLanguage: source, name: name)
        // The source language's keys first, so the catalog's order is the one its developers wrote.
        let ordered = files.filter { $0.language == source } + files.filter { $0.language != source }
        for (language, paths) in ordered {
            for path in paths {
                for pair in try StringsFileReader.parse(InputFiles.read(path), file: path) {
                    if catalog.entries[pair.key] == nil {
                        catalog.keys.append(pair.key)
                        catalog.entries[pair.key] = Entry(location: pair.location)
                    }
                    catalog.entries[pair.key]?.localizations[language] = Localization(
                        unit: StringUnit(state: "translated", value: pair.value))
                }
            }
        }
        return catalog
    }

    /// `de` for a folder named `de.lproj`; `nil` for any other folder.
    private static func language(ofFolder folder: String) -> String? {
        let name = (folder as NSString).lastPathComponent
        guard name.hasSuffix(".lproj"), name.count > 6 else { return nil }
        return String(name.dropLast(6))
    }

    private static func lprojFolders(in folder: String) -> [(String, String)] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.sorted().compactMap { name in
            language(ofFolder: name).map { ($0, (folder as NSString).appendingPathComponent(name)) }
        }
    }

    private static func stringsFiles(in folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".strings") }
            .sorted()
    }
}
