import Foundation
import Testing

@testable import MachineTesting

/// The dump behind the store's diffs: deterministic, one `name: value` line per field, nested
/// fields indented, whatever the value.
@Suite struct ValueDumpTests {
    struct Order: Sendable {
        var id = 7
        var note: String? = "say \"hi\"\n"
        var customer = Customer(name: "Ann", tags: ["new", "vip"])
        var lines: [Line] = [Line(item: "tea", quantity: 2)]
        var state = State.paid(amount: 3.5, currency: "EUR")
        var delivery = Delivery.courier(Customer(name: "Bo", tags: []))
        var wait = Duration.milliseconds(1500)
        var pair = (1, label: true)
        var nothing: Int? = nil
        var none: [Line] = []
        var status = Status.open
    }

    struct Customer: Sendable {
        var name: String
        var tags: [String]
    }

    struct Line: Sendable {
        var item: String
        var quantity: Int
    }

    enum State: Sendable { case draft, paid(amount: Double, currency: String) }
    enum Delivery: Sendable { case pickup, courier(Customer) }
    enum Status: Sendable { case open }

    @Test func aValueDumpsOneFieldALineWithNestedFieldsIndented() {
        #expect(
            ValueDump.lines(Order(), label: "order") == """
                order:
                  id: 7
                  note: "say \\"hi\\"\\n"
                  customer:
                    name: "Ann"
                    tags:
                      [0]: "new"
                      [1]: "vip"
                  lines:
                    [0]:
                      item: "tea"
                      quantity: 2
                  state: paid(amount: 3.5, currency: "EUR")
                  delivery: courier
                    name: "Bo"
                    tags: []
                  wait: 1500ms
                  pair: (1, label: true)
                  nothing: nil
                  none: []
                  status: open

                """)
    }

    @Test func aValueDumpsOnOneLineForCommands() {
        #expect(ValueDump.inline(Order().customer) == #"Customer(name: "Ann", tags: ["new", "vip"])"#)
        #expect(ValueDump.inline(Order().delivery) == #"courier(Customer(name: "Bo", tags: []))"#)
        #expect(ValueDump.inline(State.draft) == "draft")
        #expect(ValueDump.inline(Optional<Int>.none as Any) == "nil")
        #expect(ValueDump.inline(["b": 2, "a": 1]) == #"["a": 1, "b": 2]"#)
    }

    @Test func setsAndDictionariesDumpInTheOrderOfTheirElements() {
        let set: Set<String> = ["pear", "apple", "fig", "kiwi", "plum"]
        #expect(
            ValueDump.lines(set, label: "fruit") == """
                fruit:
                  [0]: "apple"
                  [1]: "fig"
                  [2]: "kiwi"
                  [3]: "pear"
                  [4]: "plum"

                """)
        #expect(
            ValueDump.lines(["pear": 3, "apple": 1], label: "stock") == """
                stock:
                  ["apple"]: 1
                  ["pear"]: 3

                """)
        #expect(ValueDump.lines([String: Int](), label: "empty") == "empty: [:]\n")
    }

    @Test func typesOfTheToolchainShowTheirDescription() throws {
        let id = try #require(UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"))
        #expect(ValueDump.lines(id, label: "id") == "id: E621E1F8-C36C-495A-93FC-0C247A3E6E5F\n")
        #expect(ValueDump.lines(1..<3, label: "range") == "range: 1..<3\n")
    }

    @Test func aCycleOfObjectsEnds() {
        final class Node: @unchecked Sendable {
            var next: Node?
        }
        let node = Node()
        node.next = node
        #expect(
            ValueDump.lines(node, label: "node") == """
                node:
                  next: <cycle: Node>

                """)
    }
}
