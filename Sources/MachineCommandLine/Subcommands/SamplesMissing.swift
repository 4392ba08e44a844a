/// `paths` and `explore` in a tool built without input samples: their help and their run say
/// what is missing.
enum SamplesMissing {
    /// `name`, which needs input samples, doing `abstract` once it has them.
    static func subcommand(_ name: String, abstract: String) -> Subcommand {
        let explanation =
            "\(name) needs the machine's input samples, and this tool was built without them: "
            + "give MachineCommandLine(exploration:) an Exploration(samples:), whose InputSamples are the host events and answers to try."
        return Subcommand(
            name, abstract: abstract + " (Needs input samples.)", exitCodes: [:], discussion: explanation,
            perform: { _ in throw UsageError(explanation) })
    }
}
