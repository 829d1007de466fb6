import TagFlowCLI

TagFlowCommand.main()
