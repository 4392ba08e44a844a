/// The style sheet every report inlines: light and dark colours from the reader's preference,
/// and a print layout (light, no sticky panes, every step in full).
enum ReportStyle {
    static let css = """
        :root{color-scheme:light dark;--bg:#fff;--fg:#1d1f23;--muted:#5f6773;--line:#d5d9e0;--lane:#f6f7f9;--lane-alt:#eef1f5;\
        --box:#fff;--box-stroke:#8a94a6;--edge:#7d8797;--active-fill:#dbe9ff;--active:#1f6feb;--fired:#c45d00;\
        --fail:#c62828;--fail-bg:#fdecec;--ok:#2e7d32;--partial:#a15c00;--code:#f2f4f7;--selected:#fff6e0}
        @media (prefers-color-scheme:dark){:root{--bg:#0f1115;--fg:#e3e6ea;--muted:#9aa3ad;--line:#2b313a;--lane:#151920;\
        --lane-alt:#1a1f27;--box:#1e232b;--box-stroke:#6b7585;--edge:#8590a0;--active-fill:#17345f;--active:#58a6ff;\
        --fired:#f0a03c;--fail:#ff6b6b;--fail-bg:#3a1d1f;--ok:#5bd36b;--partial:#e0a040;--code:#1b2028;--selected:#2a2516}}
        *{box-sizing:border-box}
        body{margin:0;background:var(--bg);color:var(--fg);font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif}
        header{padding:16px 20px 8px}
        h1{font-size:20px;margin:0 0 4px}h2{font-size:16px;margin:12px 0 6px}
        code{font:12.5px ui-monospace,"DejaVu Sans Mono",Menlo,monospace;background:var(--code);padding:0 3px;border-radius:3px;word-break:break-word}
        .meta{color:var(--muted);margin:0}
        .passed{color:var(--ok);font-weight:600}.failed{color:var(--fail);font-weight:600}
        .givens{margin:4px 0 0;padding:0;list-style:none;color:var(--muted)}
        .failures{margin:8px 20px;padding:8px 14px;border:1px solid var(--fail);background:var(--fail-bg);border-radius:6px}
        .failures h2{color:var(--fail);margin-top:4px}.failures ol{margin:0;padding-left:22px}.failures li{margin:4px 0}
        .layout{padding:0 20px 20px}
        .diagram-pane{position:sticky;top:0;z-index:1;background:var(--bg);border-bottom:1px solid var(--line);max-height:55vh;overflow:auto}
        .current{position:sticky;left:0;top:0;z-index:1;background:var(--bg);padding:6px 0;font-weight:600;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
        .keys{color:var(--muted);font-size:12px;margin:4px 0}
        .diagram{overflow:auto}
        @media (min-width:1300px){.layout{display:grid;grid-template-columns:minmax(0,3fr) minmax(0,2fr);gap:20px;height:100vh}
        .diagram-pane{position:static;max-height:none;border-bottom:0}.timeline-pane{overflow:auto}}
        svg.machine{display:block;font:11px ui-monospace,"DejaVu Sans Mono",Menlo,monospace}
        .lane-bg{fill:var(--lane);stroke:var(--line)}
        .lane-name{font:600 13px system-ui,sans-serif;fill:var(--muted)}
        .state rect{fill:var(--box);stroke:var(--box-stroke);stroke-width:1.2}
        .state.any rect{stroke-dasharray:4 3;fill:none}
        .state text{font-size:12px;text-anchor:middle;fill:var(--fg)}.state.any text{fill:var(--muted)}
        .state .initial{fill:var(--fg)}.state .initial-edge{stroke:var(--fg);stroke-width:1.2}
        .state.active rect{fill:var(--active-fill);stroke:var(--active);stroke-width:2.5}
        .state.active text{font-weight:700}
        .state.unentered rect{stroke:var(--fail);stroke-dasharray:5 3}
        .state.compound>rect{fill:var(--lane-alt)}.state.compound>text.group-name{text-anchor:start;font-weight:600;fill:var(--muted)}
        .state.compound.active>rect{fill:var(--lane-alt);stroke:var(--active);stroke-width:2.5}
        .state.compound.active>text.group-name{fill:var(--active)}
        .row .edge{fill:none;stroke:var(--edge);stroke-width:1.2}.row .head{fill:var(--edge)}
        .row text{fill:var(--fg);stroke:var(--lane);stroke-width:3px;paint-order:stroke;stroke-linejoin:round}
        .row.note text{white-space:pre;fill:var(--muted)}
        .row.fired .edge{stroke:var(--fired);stroke-width:3}.row.fired .head{fill:var(--fired)}
        .row.fired text{fill:var(--fired);font-weight:700}.row.label text{text-anchor:middle}
        .row.unfired .edge{stroke:var(--fail);stroke-dasharray:5 3}.row.unfired .head{fill:var(--fail)}.row.unfired text{fill:var(--fail)}
        .row.partial .edge{stroke:var(--partial)}.row.partial .head{fill:var(--partial)}.row.partial text{fill:var(--partial)}
        .timeline{list-style:none;margin:0;padding:0}
        .timeline>li,.start{border-bottom:1px solid var(--line);padding:6px 8px;scroll-margin-top:8px;cursor:pointer}
        .timeline>li{content-visibility:auto;contain-intrinsic-size:auto 110px}
        .timeline>li.selected{background:var(--selected);outline:2px solid var(--fired);outline-offset:-2px}
        .timeline>li.ko{border-left:4px solid var(--fail)}
        .timeline>li>a{display:inline-block;min-width:3.2em;color:var(--muted);text-decoration:none}
        .timeline .t{color:var(--muted);margin-right:6px}
        .d{white-space:pre-wrap;overflow-wrap:anywhere;margin:2px 0 0 3.2em;font:12.5px/1.5 ui-monospace,"DejaVu Sans Mono",Menlo,monospace}
        span.ok{color:var(--ok)}span.ko{color:var(--fail)}
        table.rows{border-collapse:collapse;margin:8px 20px 24px}
        table.rows th,table.rows td{text-align:left;padding:3px 10px;border-bottom:1px solid var(--line);vertical-align:top}
        table.rows td.hits{text-align:right;font-variant-numeric:tabular-nums}
        tr.unfired td{color:var(--fail)}tr.partial td.guard{color:var(--partial)}
        .legend{color:var(--muted);margin:4px 20px}.legend span{margin-right:16px}
        .swatch{display:inline-block;width:22px;height:0;border-top:2px solid;vertical-align:middle;margin-right:4px}
        @media print{:root{--bg:#fff;--fg:#000;--muted:#444;--line:#ccc;--lane:#f6f7f9;--lane-alt:#eef1f5;--box:#fff;--code:#f2f4f7;\
        --selected:#fff;--fail-bg:#fff}body{font-size:11px}.diagram-pane{position:static;max-height:none;overflow:visible}
        .layout{display:block}.diagram{overflow:visible}svg.machine{max-width:100%;height:auto}.keys{display:none}
        .timeline>li{break-inside:avoid;cursor:auto;content-visibility:visible}.timeline>li.selected{outline:0;background:none}}
        """
}
