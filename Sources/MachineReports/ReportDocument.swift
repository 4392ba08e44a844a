/// A whole HTML document around a report's body: everything inline (style, script, drawing), so
/// the file opens from disk with no network and no other file.
enum ReportDocument {
    /// The document titled `title` (plain text) with `body` (HTML), and `script` (JavaScript) at
    /// the end when given.
    static func html(title: String, bodyClass: String, body: String, script: String? = nil) -> String {
        var text = """
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
        text += body
        if let script { text += "<script>\n\(script)\n</script>\n" }
        return text + "</body>\n</html>\n"
    }
}
