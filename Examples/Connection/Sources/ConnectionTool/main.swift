import Connection
import ConnectionScripting
import MachineCommandLine

MachineCommandLine(
    name: "connection", vocabulary: ConnectionVocabulary(), exploration: Exploration(samples: ConnectionSamples()),
    invariants: Connection.invariants
).main()
