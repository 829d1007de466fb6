/// A string a tags input names in a string catalog, looked up before the layout; the text stays the key till then.
public enum CatalogReference: Hashable, Sendable {
    /// One string, by key.
    case key(String)
    /// One tag for each key matching a glob pattern (`*`, `?`), in the catalog's order.
    case pattern(String)
}
