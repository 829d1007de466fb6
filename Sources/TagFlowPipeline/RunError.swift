import TagFlowLayout
import TagFlowText
import TagFlowRender
import TagFlowInput

// The errors of each phase, carrying the values that were wrong. What a person reads for each, and the status
// tagflow exits with, is decided in one place: ErrorReport.swift.

/// A problem met while a command runs, after its arguments and inputs were read.
package enum RunError: Error {
    /// `at` is where a config names the font, when it came from one.
    case fontFamilyNotFound(String, suggestions: [String], at: SourceSpan?)
    /// None of a list of families is installed; `suggestions` are close to the first.
    case noFontFamilyOfListFound([String], suggestions: [String], at: SourceSpan?)
    /// `--font-variations` names an axis the font does not have; `available` lists those it has.
    case fontAxisUnknown(String, family: String, available: [String], at: SourceSpan?)
    case fontUnloadable(String, reason: String)
    /// A font file or folder given with `--font-file`, `--font-dir` or the config cannot be used.
    case fontSourcesUnusable(FontError)
    case fontVariationsInvalid(String, reason: String, at: SourceSpan?)
    case drawingFontsUnloadable(reason: String)
    case layoutOptions(LayoutOptionsError)
    case pictureFormatUnknown(path: String)
    /// `--format` says one format and the output's extension another.
    case pictureFormatMismatch(path: String, format: String, suggestion: String)
    /// A picture asked for on standard output while it is a terminal.
    case pictureToTerminal(format: String)
    /// A text given to `measure` with a control character (a newline, a tab): a tag is one line of text.
    case controlCharacterInText(String, Unicode.Scalar)
    /// `diff -o -`: standard output carries the report.
    case diffPictureToStandardOutput
    case scrollOutputUnknown(path: String)
    case pngNeedsSheetOrAPNG
    case tooManyFrames(Int, cap: Int)
    /// The HTML player's page would pass its cap of bytes; `isLeast`: `bytes` is only a lower bound.
    case playerTooLarge(bytes: Int, isLeast: Bool, cap: Int, steps: Int)
    case render(RenderError)
    case diffImageFailed(reason: String)
    case encodeFailed(reason: String)
    case folderAndFile(folder: String)
    /// Files of two folders compared that are not PNGs that can be read; the others were compared and reported.
    case picturesUnreadable(count: Int, firstProblem: String, report: String?)
    /// `--ignore` covers every pixel of the pictures compared.
    case nothingCompared(ignored: Int, file: String?)
    case pngAndOther(String)
    case layoutJSONAndOther(layout: String, other: String)
    case bothStandardInput
    case diffPictureNotPNG(String)
    /// `preview` could not listen or follow its inputs.
    case previewServerFailed(String)
    case recordNeedsManifest(String)
    case reportInsideInput(report: String, input: String)
    case reportIsAFile(String)
    case reportNotWritable(String)
    /// `-o NAME.gif`, `NAME.apng` or a folder asks for a transition, which PNG and folder comparisons have none of.
    case transitionNeedsLayouts(output: String)
    /// Layout JSON files hold frames but not the document, fonts and style a transition is drawn with.
    case transitionOfLayoutJSON(output: String)
    case transitionScreensDiffer(old: Size, new: Size)
    case tooManyTransitionFrames(Int, cap: Int)
}
