/// A string a tags input names in a string catalog, looked up before the layout; the text stays the key till then.
/// Indirect, so a tag pays 8 bytes for it, not 17 (with SourceLocation's 32-bit lines, a tag is 40 bytes, not 72).
public indirect enum CatalogReference: Hashable, Sendable {
    /// One string, by key.
    case key(String)
    /// One tag for each key matching a glob pattern (`*`, `?`), in the catalog's order.
    case pattern(String)
}
