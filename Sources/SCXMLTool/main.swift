import Foundation

// `scxml`: runs an SCXML document, and gives it every subcommand of a machine's tool.
let outcome = SCXMLCommand.run(arguments: Array(CommandLine.arguments.dropFirst()))
exit(outcome.rawValue)
