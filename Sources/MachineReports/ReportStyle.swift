/// The style sheet every report inlines: light and dark colours from the reader's preference,
/// and a print layout (light, no panes, every step in full).
///
/// A replay page does not scroll itself: its header stays, and the drawing's pane and the
/// timeline's scroll each on their own, side by side at least 900 px wide, the drawing above
/// the timeline when narrower. A coverage page flows the drawing's panels into as
/// many columns as it is wide, and scrolls its tables within their own width.
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
        header{padding:10px 20px 6px;display:flex;flex-wrap:wrap;align-items:baseline;gap:0 16px}header>*{margin:0;min-width:0}
        h1{font-size:20px;margin:0 0 2px}h2{font-size:16px;margin:12px 0 6px}
        code{font:12.5px ui-monospace,"DejaVu Sans Mono",Menlo,monospace;background:var(--code);padding:0 3px;border-radius:3px;overflow-wrap:break-word}
        .meta{color:var(--muted);margin:0}
        .passed{color:var(--ok);font-weight:600}.failed{color:var(--fail);font-weight:600}
        .givens{flex-basis:100%;padding:0;list-style:none;color:var(--muted)}.givens li{display:inline;margin-right:16px}
        .failures{margin:4px 0 8px;padding:4px 14px;border:1px solid var(--fail);background:var(--fail-bg);border-radius:6px}
        .failures h2{color:var(--fail);margin:4px 0}.failures ol{margin:0;padding-left:22px}.failures li{margin:4px 0}
        .failures .lines{display:block;margin:2px 0 0 12px}.failures p{margin:4px 0}
        .cut{color:var(--muted);font-style:italic}
        .layout{padding:0 20px 12px}
        .bar{display:flex;align-items:center;gap:8px;height:34px}
        .current{flex:1;padding:6px 0;font-weight:600;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
        #zoom{font:inherit;font-size:12px;color:var(--fg);background:var(--code);border:1px solid var(--line);border-radius:4px;padding:1px 8px;cursor:pointer}
        .keys{margin:4px 0}
        details.legend{color:var(--muted);font-size:12.5px;margin:4px 0}details.legend summary{cursor:pointer}
        details.legend ul{margin:2px 0;padding-left:20px}
        .panels{column-gap:16px}.panels>svg{break-inside:avoid;margin-bottom:16px}
        .panels.fitted{display:flex;gap:16px;align-items:flex-start}.panels.fitted>div{display:flex;flex-direction:column;gap:16px}
        .panels.fitted svg{margin:0;max-width:none}
        svg.machine{display:block;max-width:100%;height:auto;font:11px ui-monospace,"DejaVu Sans Mono",Menlo,monospace}
        .panel{fill:var(--lane);stroke:var(--line)}
        .region-name{font:600 13px system-ui,sans-serif;fill:var(--muted)}
        .state>rect{fill:var(--box);stroke:var(--box-stroke);stroke-width:1.2}.state .inner{fill:none}
        .state.compound>rect{fill:var(--lane-alt)}
        .state.any>rect{stroke-dasharray:4 3;fill:none}.state.any>.name{fill:var(--muted)}
        .state .name{font-size:12px;font-weight:700;fill:var(--fg)}
        .state .initial{fill:var(--fg)}.state .initial-edge{stroke:var(--fg);stroke-width:1.2}
        .history circle{fill:var(--box);stroke:var(--fg)}.history text{font-size:9px;font-weight:700;text-anchor:middle;fill:var(--fg)}
        .state.active>rect{fill:var(--active-fill);stroke:var(--active);stroke-width:2.5}
        .state.compound.active>rect{fill:var(--lane-alt)}.state.active>.name{fill:var(--active)}
        .state.unentered>rect{stroke:var(--fail);stroke-dasharray:5 3}
        .row .edge{fill:none;stroke:var(--edge);stroke-width:1.2;stroke-linejoin:round}.row .head{fill:var(--edge)}
        .row.internal .edge{stroke-dasharray:5 3}
        .entry text{fill:var(--fg)}
        .row.fired .edge{stroke:var(--fired);stroke-width:3}.row.fired .head{fill:var(--fired)}
        .entry.fired text{fill:var(--fired);font-weight:700}
        .row.unfired .edge{stroke:var(--fail)}.row.unfired .head{fill:var(--fail)}.entry.unfired text{fill:var(--fail)}
        .row.partial .edge{stroke:var(--partial)}.row.partial .head{fill:var(--partial)}.entry.partial text{fill:var(--partial)}
        .timeline{list-style:none;margin:0;padding:0}
        .timeline>li,.start{border-bottom:1px solid var(--line);padding:6px 8px;scroll-margin-top:8px;cursor:pointer}
        .timeline>li{content-visibility:auto;contain-intrinsic-size:auto 110px}
        .timeline>li.selected{background:var(--selected);outline:2px solid var(--fired);outline-offset:-2px}
        .timeline>li.micro{margin-left:1.6em;border-left:3px solid var(--line)}.timeline>li.micro .in{font-style:italic}
        .timeline>li.micro>a::before{content:"↳ "}
        .timeline>li.ko{border-left:4px solid var(--fail)}
        .timeline>li>a{display:inline-block;min-width:3.2em;color:var(--muted);text-decoration:none}
        .timeline .t{color:var(--muted);margin-right:6px}
        .d{white-space:pre-wrap;overflow-wrap:anywhere;margin:2px 0 0 3.2em;font:12.5px/1.5 ui-monospace,"DejaVu Sans Mono",Menlo,monospace}
        span.ok{color:var(--ok)}span.ko{color:var(--fail)}
        body.replay{height:100vh;display:flex;flex-direction:column;overflow:hidden}body.replay>header{flex:none}
        .diagram-pane{display:flex;flex-direction:column;min-height:0}.replay .diagram{flex:1;min-height:0;overflow:auto}
        .timeline-pane{overflow:auto;min-height:0}.timeline-pane h2{margin-top:4px}
        @media (min-width:900px){
        .replay .layout{flex:1;min-height:0;display:grid;grid-template-columns:minmax(0,1fr) minmax(360px,30%);gap:20px}}
        @media (max-width:899.9px){.replay .layout{flex:1;min-height:0;display:flex;flex-direction:column;padding-bottom:0}
        .diagram-pane{flex:0 1 auto;max-height:45%;border-bottom:1px solid var(--line)}.timeline-pane{flex:1 1 55%}
        body.replay>header{padding:6px 12px 2px}.replay .layout{padding:0 12px}h1{font-size:17px}}
        .summary{display:flex;flex-wrap:wrap;align-items:flex-start}.summary>.wide{margin-right:24px}
        .legends{flex:1 1 320px;margin:4px 20px 12px}.coverage .legends .legend{margin:0 0 4px}
        .coverage .diagram{padding:0 20px}.coverage svg.machine{width:100%}
        .wide{overflow-x:auto;margin:8px 20px 16px}
        table.rows{border-collapse:collapse}
        table.rows th,table.rows td{text-align:left;padding:3px 10px;border-bottom:1px solid var(--line);vertical-align:top}
        table.rows td.hits{text-align:right;font-variant-numeric:tabular-nums}table.rows code{white-space:nowrap}
        tr.unfired td{color:var(--fail)}tr.partial td.guard{color:var(--partial)}
        p.legend{color:var(--muted)}p.legend span{margin-right:16px;display:inline-block}
        .swatch{display:inline-block;width:22px;height:0;border-top:2px solid;vertical-align:middle;margin-right:4px}
        @media print{:root{--bg:#fff;--fg:#000;--muted:#444;--line:#ccc;--lane:#f6f7f9;--lane-alt:#eef1f5;--box:#fff;--code:#f2f4f7;\
        --selected:#fff;--fail-bg:#fff}body{font-size:11px}body.replay{height:auto;display:block;overflow:visible}
        .diagram-pane{position:static}.replay .diagram{max-height:none;overflow:visible}.layout{display:block}
        .keys,.bar{display:none}.timeline>li{break-inside:avoid;cursor:auto;content-visibility:visible}
        .timeline>li.selected{outline:0;background:none}}
        """
}
