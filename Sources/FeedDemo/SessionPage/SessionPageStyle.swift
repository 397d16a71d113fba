/// The session page's style sheet: system fonts only, light and dark after the reader's
/// setting (`prefers-color-scheme`), and every colour of a mark paired with a shape or a word.
enum SessionPageStyle {
    static let css = """
        :root{color-scheme:light dark;--bg:#fff;--fg:#1d1d1f;--muted:#636366;--panel:#f5f5f7;--lane:#f6f6f8;--grid:#dedee3;\
        --finger:#5856d6;--demand:#1d1d1f;--want:#ff9f0a;--page:#248a3d;--failed:#d70015;--cancelled:#8e8e93;--stale:#c93400;\
        --flight:#0071e3;--wait:#b25000;--ignored:#8944ab;--photos:#0e7c86;--moment:#0071e3;--screen:#fff;--bezel:#1d1d1f}
        @media (prefers-color-scheme:dark){:root{--bg:#161618;--fg:#f2f2f7;--muted:#aeaeb2;--panel:#232326;--lane:#1e1e21;\
        --grid:#3a3a3e;--finger:#a5a3ff;--demand:#f2f2f7;--want:#ffb340;--page:#30d158;--failed:#ff6961;--cancelled:#98989d;\
        --stale:#ff9f0a;--flight:#64a8ff;--wait:#ffb340;--ignored:#da8fff;--photos:#5ad8e6;--moment:#64a8ff;--screen:#000;--bezel:#48484a}}
        *{box-sizing:border-box}
        body{margin:0 auto;max-width:1288px;padding:16px 24px 40px;background:var(--bg);color:var(--fg);\
        font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif}
        h1{font-size:22px;margin:4px 0}h2{font-size:16px;margin:18px 0 8px}
        header p{margin:2px 0;color:var(--muted)}header .how{color:var(--fg);max-width:80em}
        a{color:var(--moment)}
        .defs{position:absolute;width:0;height:0;overflow:hidden}
        figure{margin:12px 0}
        svg text{fill:var(--fg);font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif}
        .lanes{width:100%;height:auto;display:block}
        .lanes text{font-size:10.5px}
        .lane-bg{fill:var(--lane)}.lane-title{font-weight:600;font-size:12.5px!important}.lane-note{fill:var(--muted);font-size:9.5px!important}
        .axis text{fill:var(--muted)}.axis .axis-title{font-weight:600}.grid{stroke:var(--grid);stroke-width:1}
        .moment-line{stroke:var(--moment);stroke-dasharray:3 3;opacity:.55}.moments circle{fill:var(--moment)}\
        .moments .number{fill:var(--bg);font-weight:700}.moments .moment-title{fill:var(--moment);font-weight:600}.moments a:hover circle{opacity:.8}
        .playhead{display:none}.js .playhead{display:inline}.playhead line{stroke:var(--fg);stroke-width:1.5}.playhead path{fill:var(--fg)}
        .bar{stroke-width:1.2}
        .gesture .bar{fill:var(--finger);fill-opacity:.28;stroke:var(--finger)}\
        .gesture.scroll .bar{fill:url(#stripes-finger);fill-opacity:1}.gesture.pull .bar{stroke-dasharray:4 2}\
        .gesture .head{fill:var(--finger)}.gesture .report{fill:var(--finger)}\
        .tap-mark{fill:var(--finger)}.gesture.missed .tap-mark{fill:none;stroke:var(--finger);stroke-width:1.5}
        .wants rect{fill:var(--want);fill-opacity:.22}.wants.unfilled rect{fill:url(#hatch-want);fill-opacity:1}\
        .wants text{fill:var(--wait);font-size:9.5px!important}
        .prefetch{stroke:var(--want);stroke-width:1.2;stroke-dasharray:6 3}.prefetch-label{fill:var(--wait)!important;font-size:9.5px!important}
        .distance{fill:none;stroke:var(--demand);stroke-width:1.4;stroke-linejoin:round}
        .request .bar{fill-opacity:.3}.request .outcome{font-weight:600}\
        .request.page .bar{fill:var(--page);stroke:var(--page)}.request.page .end{fill:var(--page)}.request.page .outcome{fill:var(--page)}\
        .request.failed .bar{fill:url(#hatch-failed);fill-opacity:1;stroke:var(--failed)}.request.failed .end{stroke:var(--failed);stroke-width:2}\
        .request.failed .outcome{fill:var(--failed)}\
        .request.cancelled .bar{fill:none;stroke:var(--cancelled);stroke-dasharray:3 2}.request.cancelled .end{stroke:var(--cancelled);stroke-width:2}\
        .request.cancelled .outcome{fill:var(--muted)}\
        .request .stale{fill:none;stroke:var(--stale);stroke-width:1.5;stroke-dasharray:1 2}\
        .request.in-flight .bar{fill:var(--flight);stroke:var(--flight)}.request.in-flight .end{fill:var(--flight)}.request.in-flight .outcome{fill:var(--flight)}
        .backoff.wait .bar{fill:url(#hatch-wait);stroke:var(--wait)}.backoff.tap .bar{fill:var(--failed);fill-opacity:.12;stroke:var(--failed);stroke-width:1.5}
        .ignored .cross{stroke:var(--ignored);stroke-width:2}.ignored text{fill:var(--ignored)}
        .image-loads{fill:none;stroke:var(--flight);stroke-width:1.5}.image-cache{fill:var(--photos);fill-opacity:.22;stroke:var(--photos);stroke-width:1}\
        .budget{stroke:var(--want);stroke-dasharray:4 3}.image-tick.cancelled{stroke:var(--cancelled)}.image-tick.failed{stroke:var(--failed);stroke-width:2}\
        .memory-warning line{stroke:var(--stale);stroke-width:1.5;stroke-dasharray:5 2 1 2}.memory-warning text{fill:var(--stale);font-size:9.5px!important;font-weight:600}
        .count{fill:none;stroke:var(--photos);stroke-width:2}.baseline{stroke:var(--grid)}.scale{fill:var(--muted)!important;font-size:9px!important}\
        .page-shown .marker{fill:var(--photos)}.page-shown.none .marker{fill:none;stroke:var(--photos);stroke-width:1.5}\
        .page-shown .tie{stroke:var(--photos);stroke-dasharray:1 2}.page-shown text{font-size:9.5px!important}
        .hatch-bg-want{fill:var(--want);fill-opacity:.14}.hatch-line-want{stroke:var(--want);stroke-width:1.5;stroke-opacity:.7}\
        .hatch-bg-failed{fill:var(--failed);fill-opacity:.16}.hatch-line-failed{stroke:var(--failed);stroke-width:2}\
        .hatch-bg-wait{fill:var(--wait);fill-opacity:.14}.hatch-line-wait{stroke:var(--wait);stroke-width:1.5}\
        .stripe-bg-finger{fill:var(--finger);fill-opacity:.14}.stripe-line-finger{stroke:var(--finger);stroke-width:2;stroke-opacity:.6}
        .scrubber{margin:4px 0 0}.scrubber input{display:block;margin:0;accent-color:var(--moment)}\
        .steps{display:flex;gap:8px;align-items:center;margin:6px 0 0 9.5%;color:var(--muted);font-size:12px}\
        button{font:inherit;font-size:12px;padding:2px 10px;border-radius:6px;border:1px solid var(--grid);background:var(--panel);color:var(--fg);cursor:pointer}
        .legend{display:flex;flex-wrap:wrap;gap:4px 16px;font-size:12px;color:var(--muted);margin:8px 0 0}.legend span{white-space:nowrap}\
        .legend svg{vertical-align:middle;margin-right:4px}
        .player{display:grid;grid-template-columns:270px minmax(220px,1fr) minmax(320px,1.6fr);gap:20px;margin-top:18px;align-items:start}
        .player h2{margin-top:0}.playhead-time{margin:0 0 6px;font-weight:600}.playhead-time output{font-variant-numeric:tabular-nums}
        .note{color:var(--muted);font-size:12px}
        .status[hidden]{display:none}.status{margin:0;display:grid;grid-template-columns:max-content 1fr;gap:4px 12px;font-size:13px}.status dt{color:var(--muted)}.status dd{margin:0}
        .log{list-style:none;margin:0;padding:6px 8px;max-height:440px;overflow:auto;background:var(--panel);border-radius:8px;\
        font:12px/1.5 ui-monospace,SFMono-Regular,Menlo,Consolas,"DejaVu Sans Mono",monospace}
        .log li{white-space:pre-wrap;padding-left:8.5em;text-indent:-8.5em}.log .t{color:var(--muted)}.log .k{font-weight:600}\
        .log .request .k{color:var(--flight)}.log .response .k{color:var(--page)}.log .error .k{color:var(--failed)}\
        .log .feed .k{color:var(--photos)}.log .finger .k{color:var(--finger)}
        .js .log li.future{opacity:.38}.js .log li.now{background:var(--grid);border-radius:3px}
        .phone-body{fill:var(--bezel)}.phone-title{fill:#fff!important;font-size:20px;font-weight:600}\
        .screen-bg{fill:var(--screen)}.screen-edge{fill:none;stroke:#8e8e93;stroke-width:1}\
        .cell-index{font-size:20px;font-weight:700}.ink-dark{fill:#000!important}.ink-light{fill:#fff!important}\
        .selected{fill:none;stroke:#ff2d55;stroke-width:6}\
        .phone .banner rect,.phone .footer rect{fill:#202024;fill-opacity:.92}.phone .banner text,.phone .footer text{fill:#fff!important;font-size:17px}\
        .phone .centre{font-size:20px;fill:var(--muted)!important}\
        .top-button rect{fill:#303034}.top-button text{fill:#fff!important;font-size:16px}
        .moments-list{display:flex;flex-wrap:wrap;gap:22px}.moments-list figure{margin:0;width:230px}\
        .moments-list figcaption{font-size:12px;margin-top:6px}.moments-list figcaption b{display:block;font-size:13px}\
        .moments-list p{margin:1px 0}.moments-list ul{list-style:none;padding:0;margin:4px 0 0}\
        .swatch{display:inline-block;width:10px;height:10px;border-radius:2px;margin-right:4px;vertical-align:-1px;box-shadow:0 0 0 1px var(--grid)}
        .tables{display:grid;grid-template-columns:repeat(auto-fit,minmax(380px,1fr));gap:8px 32px}
        table{border-collapse:collapse;font-size:13px}th,td{text-align:left;padding:3px 12px 3px 0;vertical-align:top;border-bottom:1px solid var(--grid)}\
        th{font-weight:600;white-space:nowrap}td.number{font-variant-numeric:tabular-nums}
        .requests-table{font-size:12px}
        footer{margin-top:28px;color:var(--muted);font-size:12px}
        .no-js .js-only,.js .no-js-only{display:none}
        @media (max-width:900px){.player{grid-template-columns:1fr}}
        """
}
