import MachineCore

/// Renders a table as a W3C SCXML 1.0 document: a `<parallel>` holding one `<state>` per
/// region at the top of the machine, one `<state>` (or `<final>`, inside its parent for a final
/// child) per control state, and one `<transition event= cond= target=>` per row that leaves it,
/// in table order, which is also SCXML's priority order. A row that stays has no target; a row
/// from any state appears under every state. Guards appear as `cond` by name; the row's id
/// precedes it as a comment. A row on an event descriptor is on that descriptor (`event="*"`).
///
/// A state with regions declared within it is a `<parallel>` holding its rows, then one
/// `<state>` per region within it, in table order (which is document order), each written as a
/// region at the top is: SCXML enters and exits them with the parallel state, as the table does.
///
/// The triggers without an event of their own are written as SCXML has them: an eventless row
/// is a `<transition>` without `event`; a done row's event is `done.state.ID`, the id of its
/// compound or parallel state. A delayed row's state sends its timer's event when it is entered,
/// `<send event="EVENT" delay="5s" id="REGION.STATE.timer.TIMER"/>` in its `<onentry>`, and
/// cancels it when it is exited, `<cancel sendid=…/>` in its `<onexit>`; the row is a transition
/// on that event (a row delayed without a timer, on its own delay's event, `delay.ROW`). A
/// repeating row's transition sends the event again (with an id of its own, `….again`, which the
/// `<onexit>` cancels too: an id names one `<send>` in a document).
///
/// A compound state is a `<state>` holding its `<initial>` (a transition to the state it enters
/// by default: its ``Initial``'s target, or its first child), a `<history type="shallow|deep">`
/// when a row enters it so (its default transition goes to the target of the history's default,
/// or else where the state's initial does), its rows, then its children. A row into a history targets the history's id;
/// an internal row has `type="internal"`.
struct SCXMLRenderer {
    let listing: TableListing
    let name: String
    /// The command that writes the file, named in its first line (`sign-in diagram`).
    let command: String

    func render() -> String {
        var text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!-- Generated from the \(Escaping.comment(name)) transition table by \(Escaping.comment(command)), format scxml. Do not edit. -->
            <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" name="\(escaped(name))" initial="\(rootID)">
              <parallel id="\(rootID)">

            """
        for region in listing.regions.indices where listing.regions[region].parent == nil {
            text += self.region(region, indent: "    ")
        }
        return text + "  </parallel>\n</scxml>\n"
    }

    /// A region as a `<state>` named like it, holding its states.
    private func region(_ region: Int, indent: String) -> String {
        let description = listing.regions[region]
        var text = "\(indent)<state id=\"\(escaped(description.name))\" initial=\"\(id(region, description.initial))\">\n"
        for state in description.states.indices where description.parents[state] == nil {
            text += states(region, state, indent: indent + "  ")
        }
        return text + "\(indent)</state>\n"
    }

    /// The id of the `<parallel>` that holds the regions: the machine's name, with `.machine`
    /// added while a region or a state has that id already (ids are unique in a document).
    private var rootID: String {
        let taken = Set(
            listing.regions.indices.flatMap { region in
                [escaped(listing.regions[region].name)] + listing.regions[region].states.indices.map { id(region, $0) }
            })
        var root = escaped(name)
        while taken.contains(root) { root += ".machine" }
        return root
    }

    /// A state with its rows, and for a compound state its initial, history and children, or for
    /// a parallel state (one with regions within it) those regions.
    private func states(_ region: Int, _ state: Int, indent: String) -> String {
        let description = listing.regions[region]
        let rows = listing.rows.filter { $0.region == region && listing.sources(of: $0).contains(state) }
        let nested = listing.nestedRegions(in: region, state: state)
        if description.finalStates.contains(state) && rows.isEmpty && nested.isEmpty {
            return "\(indent)<final id=\"\(id(region, state))\"/>\n"
        }
        let element = nested.isEmpty ? "state" : "parallel"
        var text = "\(indent)<\(element) id=\"\(id(region, state))\">\n"
        if let initial = description.defaultTarget(of: state) {
            text += "\(indent)  <initial><transition target=\"\(id(region, initial))\"/></initial>\n"
            for history in History.allCases
            where listing.rows.contains(where: { $0.region == region && $0.target == state && $0.history == history }) {
                let fallback = listing.historyDefault(region: region, state: state, history: history) ?? initial
                text += "\(indent)  <history id=\"\(historyID(region, state, history))\" type=\"\(history.rawValue)\">"
                text += "<transition target=\"\(id(region, fallback))\"/></history>\n"
            }
        }
        let timers = delays(of: rows)
        if !timers.isEmpty {
            text += "\(indent)  <onentry>"
            for timer in timers {
                text += send(timer.event, timer.delay, id: sendID(region, state, timer.name))
            }
            text += "</onentry>\n\(indent)  <onexit>"
            for timer in timers {
                text += "<cancel sendid=\"\(sendID(region, state, timer.name))\"/>"
                for again in 0..<timer.repeats {
                    text += "<cancel sendid=\"\(sendID(region, state, timer.name, again: again + 1))\"/>"
                }
            }
            text += "</onexit>\n"
        }
        var repeats: [String: Int] = [:]
        for row in rows {
            text += "\(indent)  <!-- \(Escaping.comment(row.id)) -->\n"
            text += "\(indent)  <transition"
            switch row.trigger {
            case .event, .events, .after, .every: text += " event=\"\(escaped(Self.event(of: row)))\""
            case .always: break
            case .done(let done): text += " event=\"done.state.\(id(region, done))\""
            }
            if let condition = row.guard { text += " cond=\"\(escaped(condition))\"" }
            let targets = listing.targets(of: row)
            if !targets.isEmpty {
                let ids = targets.map { target in
                    row.history.map { historyID(target.region, target.state, $0) } ?? id(target.region, target.state)
                }
                text += " target=\"\(ids.joined(separator: " "))\""
            }
            if row.isInternal { text += " type=\"internal\"" }
            if case .every(let period, let timer) = row.trigger {
                let name = timer ?? Self.event(of: row)
                repeats[name, default: 0] += 1
                let again = sendID(region, state, name, again: repeats[name, default: 1])
                text += ">" + send(Self.event(of: row), period, id: again) + "</transition>\n"
            } else {
                text += "/>\n"
            }
        }
        for child in description.children[state] { text += states(region, child, indent: indent + "  ") }
        for nested in nested { text += self.region(nested, indent: indent + "  ") }
        return text + "\(indent)</\(element)>\n"
    }

    /// The timers the delayed and repeating rows among `rows` (those of one state) start when
    /// the state is entered, in table order, each once: its name, its event, its delay, and how
    /// many of the rows repeat it.
    private func delays(of rows: [RowListing]) -> [(name: String, event: String, delay: String, repeats: Int)] {
        var timers: [(name: String, event: String, delay: String, repeats: Int)] = []
        for row in rows {
            let (delay, timer, repeats): (String, String?, Int)
            switch row.trigger {
            case .after(let duration, let name): (delay, timer, repeats) = (duration, name, 0)
            case .every(let duration, let name): (delay, timer, repeats) = (duration, name, 1)
            case .event, .events, .always, .done: continue
            }
            let name = timer ?? Self.event(of: row)
            if let index = timers.firstIndex(where: { $0.name == name }) {
                timers[index].repeats += repeats
            } else {
                timers.append((name, Self.event(of: row), delay, repeats))
            }
        }
        return timers
    }

    /// The event a row's transition is on: its event, or for a row delayed without a timer, the
    /// event of its own delay, `delay.ROW`.
    static func event(of row: RowListing) -> String {
        switch row.trigger {
        case .after(_, timer: nil), .every(_, timer: nil): "delay.\(row.id)"
        default: row.event
        }
    }

    /// A `<send>` of `event` after `delay` (a duration, or a computed delay's name), with the id
    /// `id`.
    private func send(_ event: String, _ delay: String, id: String) -> String {
        let time = delay.first?.isNumber == true ? "delay=\"\(Self.delay(delay))\"" : "delayexpr=\"\(escaped(delay))\""
        return "<send event=\"\(escaped(event))\" \(time) id=\"\(id)\"/>"
    }

    /// The id of the `<send>` that starts `timer` when `state` is entered, or of a repeating
    /// row's `again`-th `<send>` that starts it again: a form no state or history id has.
    private func sendID(_ region: Int, _ state: Int, _ timer: String, again: Int = 0) -> String {
        let id = "\(id(region, state)).timer.\(escaped(timer))"
        return again == 0 ? id : again == 1 ? id + ".again" : id + ".again\(again)"
    }

    /// A delay as SCXML writes it, a CSS2 time: in seconds or milliseconds, since it has no
    /// minutes; `text` is the duration as listings write it.
    static func delay(_ text: String) -> String {
        guard text.hasSuffix("min"), let minutes = Double(text.dropLast(3)) else { return text }
        return ValueText.milliseconds(.seconds(minutes * 60))
    }

    private func historyID(_ region: Int, _ state: Int, _ history: History) -> String {
        "\(id(region, state)).\(history.rawValue)"
    }

    private func id(_ region: Int, _ state: Int) -> String {
        escaped("\(listing.regions[region].name).\(listing.regions[region].states[state])")
    }

    private func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            default: result.append(character)
            }
        }
        return result
    }
}
