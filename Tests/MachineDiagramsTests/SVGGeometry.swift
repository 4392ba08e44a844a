import Foundation
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// What an SVG file of ``DiagramFormat/svg`` shows, read back from its text: each line of text
/// and each arrow's segments, in the file's coordinates (the `translate`s of the groups around
/// them added), so that a test can check that nothing overlaps.
struct SVGGeometry {
    /// A line of text: a `<text>`, or one of its `<tspan>` lines.
    struct Label {
        let text: String
        /// The classes of the element it is in and of those around it, nearest first.
        let classes: [String]
        let size: Double
        let rect: CGRect
    }

    /// An arrow's straight segments, and the row it draws.
    struct Arrow {
        let row: String
        let segments: [(CGPoint, CGPoint)]
        let title: String
    }

    var width = 0.0
    var height = 0.0
    var labels: [Label] = []
    var arrows: [Arrow] = []
    /// The `<title>` of each entry, by its `data-row`, in order.
    var entryTitles: [(row: String, title: String)] = []

    /// The font sizes of the file's style, by class: the entries' and the legend's 11 px
    /// monospace, states' names 12 px bold, regions' names 13 px, history markers 10 px.
    static func size(_ classes: [String]) -> Double {
        if classes.contains("history") { return 10 }
        if classes.first == "name" { return 12 }
        if classes.first == "region-name" { return 13 }
        return 11
    }

    /// How wide a character of a font of `size` is, at the most, in the fonts the style names
    /// (a monospace font's 0.6 em; the region's name, in a sans-serif, no wider).
    static func characterWidth(_ size: Double, bold: Bool) -> Double { size * (bold ? 0.65 : 0.61) }

    init(_ svg: String) throws {
        let reader = Reader()
        let parser = XMLParser(data: Data(svg.utf8))
        parser.delegate = reader
        try #require(parser.parse(), "well-formed XML")
        let viewBox = try #require(svg.firstMatch(of: /viewBox="0 0 (\d+) (\d+)"/))
        width = Double(viewBox.1) ?? 0
        height = Double(viewBox.2) ?? 0
        labels = reader.labels
        arrows = reader.arrows
        entryTitles = reader.entryTitles
    }

    /// The pairs of labels whose rectangles meet.
    var overlappingLabels: [(Label, Label)] {
        var pairs: [(Label, Label)] = []
        for (index, first) in labels.enumerated() {
            for second in labels[(index + 1)...] where first.rect.intersects(second.rect) { pairs.append((first, second)) }
        }
        return pairs
    }

    /// The arrows that run across a label, with the label.
    var arrowsOverLabels: [(Arrow, Label)] {
        var pairs: [(Arrow, Label)] = []
        for arrow in arrows {
            for label in labels where arrow.segments.contains(where: { Self.segment($0, meets: label.rect) }) {
                pairs.append((arrow, label))
            }
        }
        return pairs
    }

    /// Whether the horizontal or vertical segment `segment` meets `rect`.
    static func segment(_ segment: (CGPoint, CGPoint), meets rect: CGRect) -> Bool {
        let (a, b) = segment
        let bounds = CGRect(x: min(a.x, b.x), y: min(a.y, b.y), width: abs(a.x - b.x), height: abs(a.y - b.y))
        return bounds.insetBy(dx: -0.5, dy: -0.5).intersects(rect)
    }

    private final class Reader: NSObject, XMLParserDelegate {
        struct Element {
            let name: String
            let attributes: [String: String]
            let offset: CGPoint
        }

        var stack: [Element] = []
        var labels: [Label] = []
        var arrows: [Arrow] = []
        var entryTitles: [(row: String, title: String)] = []
        /// The text of the line being read, its start and its baseline.
        var line: (text: String, x: Double, y: Double, classes: [String])?
        /// The `<text>` being read: its baseline's y so far.
        var baseline = 0.0
        var title: String?
        var segments: [(CGPoint, CGPoint)] = []

        var offset: CGPoint { stack.last?.offset ?? .zero }
        var classes: [String] {
            stack.reversed().flatMap { ($0.attributes["class"] ?? "").split(separator: " ").map(String.init) }
        }

        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            var offset = self.offset
            if let move = attributes["transform"]?.firstMatch(of: /translate\((-?\d+) (-?\d+)\)/) {
                offset.x += Double(move.1) ?? 0
                offset.y += Double(move.2) ?? 0
            }
            stack.append(Element(name: name, attributes: attributes, offset: offset))
            func number(_ key: String) -> Double? { attributes[key].flatMap(Double.init) }
            switch name {
            case "text":
                baseline = offset.y + (number("y") ?? 0)
                line = (text: "", x: offset.x + (number("x") ?? 0), y: baseline, classes: classes)
            case "tspan" where attributes["x"] != nil:
                finishLine()
                baseline += number("dy") ?? 0
                line = (text: "", x: offset.x + (number("x") ?? 0), y: baseline, classes: classes)
            case "title":
                title = ""
            case "path" where attributes["class"] == "edge":
                let numbers = (attributes["d"] ?? "").split { "ML ".contains($0) }.compactMap { Double($0) }
                let points = stride(from: 0, to: numbers.count - 1, by: 2).map {
                    CGPoint(x: offset.x + numbers[$0], y: offset.y + numbers[$0 + 1])
                }
                segments = zip(points, points.dropFirst()).map { ($0, $1) }
            default:
                break
            }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            if title != nil {
                title! += string
            } else if line != nil {
                line!.text += string
            }
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            let element = stack.removeLast()
            switch name {
            case "text":
                finishLine()
            case "title":
                defer { title = nil }
                guard let row = stack.last?.attributes["data-row"], let title else { break }
                if stack.last?.attributes["class"]?.contains("arrow") == true {
                    arrows.append(Arrow(row: row, segments: segments, title: title))
                } else if stack.last?.attributes["class"]?.contains("entry") == true {
                    entryTitles.append((row, title))
                }
            default:
                _ = element
            }
        }

        /// Ends the line being read, if any, as a label: a rectangle from its start, its
        /// characters wide, from the font's ascent above its baseline to its descent below.
        func finishLine() {
            guard let line, !line.text.isEmpty else {
                self.line = nil
                return
            }
            let size = SVGGeometry.size(line.classes)
            let bold = line.classes.first == "name" || line.classes.contains("history")
            let width = Double(line.text.count) * SVGGeometry.characterWidth(size, bold: bold)
            // A history marker's text is centred on its x.
            let left = line.classes.contains("history") ? line.x - width / 2 : line.x
            labels.append(
                Label(
                    text: line.text, classes: line.classes, size: size,
                    rect: CGRect(x: left, y: line.y - size * 0.8, width: width, height: size)))
            self.line = nil
        }
    }
}
