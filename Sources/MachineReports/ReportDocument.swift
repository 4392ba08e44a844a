import MachineDiagrams

/// A whole HTML document around a report's body: everything inline (style, script, drawing), so
/// the file opens from disk with no network and no other file. Written in two parts, its start
/// and its end, so that a page can write its body in between as it goes.
enum ReportDocument {
    /// The document's start, up to and including `<body>`, titled `title` (plain text).
    static func start(title: String, bodyClass: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="color-scheme" content="light dark">
        <title>\(Escaping.html(title))</title>
        <style>
        \(ReportStyle.css)
        </style>
        </head>
        <body class="\(bodyClass)">

        """
    }

    /// The document's end, after the body: `script` (JavaScript) first when given.
    static func end(script: String? = nil) -> String {
        (script.map { "<script>\n\($0)\n</script>\n" } ?? "") + "</body>\n</html>\n"
    }
}
