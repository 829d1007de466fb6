public enum TagFlowCommand {
    public static func main() {}
}
