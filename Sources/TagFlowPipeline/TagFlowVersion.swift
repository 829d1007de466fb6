/// The version tagflow reports, in `--version`, its reports and its manual page.
public enum TagFlowVersion {
    public static let current = "0.1.0"
}
