import TagFlowImage

/// A path tagflow cannot write; checked before any work starts, so nothing is written.
package enum OutputError: Error, Equatable {
    case emptyPath
    case isAnInput(String)
    case folderMissing(path: String, folder: String)
    case folderIsAFile(path: String, folder: String)
    case folderNotWritable(path: String, folder: String)
    /// A file output named an existing folder.
    case isAFolder(String)
    case writeFailed(path: String, reason: String)
    /// The file could not be written, flushed or moved into place; whatever was at its path is as it was.
    case fileNotWritten(AtomicFileError)
    /// The frames folder named is a file.
    case framesFolderIsAFile(String)
    case framesFolderNotWritable(String)
    /// The frames folder would be made in `parent`, which does not exist.
    case framesFolderParentMissing(path: String, parent: String)
    case framesFolderParentNotWritable(path: String, parent: String)
    case framesFolderNotCreated(path: String, reason: String)
    /// Writing frames stopped at `written` of `total`; the frames written are kept.
    case framesNotWritten(AtomicFileError, written: Int, total: Int, folder: String)
}
