extension PageTemplate {
  /// The pages' style sheet: an iOS-like table (grouped insets for static sections, plain for
  /// dynamic ones) beside a timeline, and one colour per kind of change.
  static let styleSheet = #"""
    :root {
      --bg: #f2f2f7; --card: #fff; --ink: #1c1c1e; --muted: #6d6d72; --line: #d1d1d6;
      --blue: #007aff; --green: #34c759; --red: #ff3b30; --orange: #ff9500; --purple: #af52de;
      --ins: #e4f8e8; --del: #ffe6e4; --mov: #e3efff; --cfg: #fff4d6; --rld: #f4e9fd;
      font: 14px/1.35 -apple-system, BlinkMacSystemFont, "SF Pro Text", "Helvetica Neue", "Noto Sans", "Noto Sans CJK SC", Arial, sans-serif;
      color: var(--ink);
    }
    * { box-sizing: border-box; }
    body { margin: 0; background: #e9e9ee; }
    #errors { position: fixed; top: 0; left: 0; right: 0; z-index: 9; background: var(--red); color: #fff; padding: 8px 16px; white-space: pre-wrap; }
    .layout { display: grid; grid-template-columns: 330px 1fr; min-height: 100vh; }
    .timeline { background: #fbfbfd; border-right: 1px solid var(--line); padding: 14px 0 40px; position: sticky; top: 0; height: 100vh; overflow-y: auto; }
    .timeline h1 { font-size: 15px; margin: 0 16px 2px; word-break: break-all; }
    .timeline .sub { color: var(--muted); margin: 0 16px 10px; font-size: 12px; }
    .timeline ol { list-style: none; margin: 0; padding: 0; }
    .timeline li { padding: 3px 16px 3px 28px; font-size: 12px; position: relative; overflow-wrap: anywhere; }
    .timeline li::before { position: absolute; left: 12px; color: var(--muted); }
    .tl-intent { font-family: ui-monospace, "SF Mono", Menlo, monospace; color: var(--blue); font-weight: 600; }
    .tl-intent::before { content: "›"; color: var(--blue) !important; }
    .tl-request { color: #3a3a3c; }
    .tl-request::before { content: "⇅"; }
    .tl-request .method { font-weight: 600; }
    .tl-request .status { border-radius: 4px; padding: 0 4px; margin-left: 4px; color: #fff; background: var(--green); font-weight: 600; }
    .tl-request .status.bad { background: var(--red); }
    .tl-request .meta { color: var(--muted); }
    .tl-navigation { color: var(--purple); }
    .tl-navigation::before { content: "⇢"; color: var(--purple) !important; }
    .tl-note { color: var(--muted); }
    .tl-note::before { content: "·"; }
    .tl-error { color: var(--red); }
    .tl-error::before { content: "⚠"; color: var(--red) !important; }
    .tl-step { cursor: pointer; margin: 2px 8px; border-radius: 8px; padding: 5px 8px 5px 20px !important; }
    .tl-step::before { content: "▢"; left: 6px !important; }
    .tl-step:hover { background: #ececf1; }
    .tl-step.current { background: var(--blue); color: #fff; }
    .tl-step.current::before, .tl-step.current small { color: #fff !important; }
    .tl-step a { color: inherit; text-decoration: none; font-weight: 600; }
    .tl-step small { display: block; color: var(--muted); }
    main { padding: 0 24px 60px; min-width: 0; }
    .toolbar { position: sticky; top: 0; z-index: 5; display: flex; gap: 8px; align-items: center; padding: 10px 0; background: #e9e9eeee; backdrop-filter: blur(6px); }
    .toolbar button { font: inherit; border: 0; border-radius: 8px; padding: 5px 12px; background: #fff; color: var(--blue); cursor: pointer; box-shadow: 0 0 0 1px var(--line); }
    .toolbar button:hover { background: #f5f8ff; }
    .toolbar button:disabled { color: #aeaeb2; cursor: default; }
    .toolbar .play { background: var(--blue); color: #fff; box-shadow: none; }
    .toolbar .play:disabled { background: #d1d1d6; color: #fff; }
    .toolbar .keys { color: var(--muted); font-size: 12px; margin-left: auto; }
    .step > header { display: flex; flex-wrap: wrap; align-items: baseline; gap: 10px; margin: 6px 0 12px; }
    .step > header h2 { margin: 0; font-size: 22px; }
    .badge { font-size: 12px; border-radius: 10px; padding: 1px 8px; background: #fff; box-shadow: 0 0 0 1px var(--line); color: var(--muted); }
    .badge.first { color: var(--green); } .badge.back { color: var(--purple); } .badge.update { color: var(--blue); }
    .led { color: var(--muted); font-size: 12px; font-family: ui-monospace, Menlo, monospace; }
    .columns { display: flex; gap: 24px; align-items: flex-start; flex-wrap: wrap; }
    .device { width: 390px; flex: none; background: var(--bg); border-radius: 28px; padding: 14px 0 24px; box-shadow: 0 0 0 10px #1c1c1e, 0 12px 40px #0004; margin: 10px; }
    .device .table { max-height: calc(100vh - 190px); min-height: 120px; overflow-y: auto; position: relative; }
    .report .device .table { max-height: 640px; }
    .device .screen-title { text-align: center; font-weight: 600; font-size: 16px; padding: 4px 0 10px; }
    .section { margin: 0 0 22px; }
    .section .sh { display: flex; gap: 6px; align-items: baseline; padding: 0 20px 6px; color: var(--muted); font-size: 12.5px; text-transform: uppercase; letter-spacing: .02em; }
    .section .sh .tag { text-transform: none; font-size: 10.5px; border: 1px solid #c7c7cc; border-radius: 6px; padding: 0 5px; letter-spacing: 0; }
    .section .sh .sid { margin-left: auto; text-transform: none; font-family: ui-monospace, Menlo, monospace; font-size: 10px; opacity: .7; }
    .section .sf { padding: 6px 20px 0; color: var(--muted); font-size: 12.5px; }
    .cells { background: var(--card); }
    .s-static .cells { margin: 0 16px; border-radius: 10px; overflow: hidden; }
    .s-dynamic .sh { background: #ebebf0f2; padding-top: 4px; padding-bottom: 4px; position: sticky; top: 0; z-index: 1; }
    .s-dynamic .cells { border-top: .5px solid var(--line); border-bottom: .5px solid var(--line); }
    .section.collapsed .sh::after { content: "▸ collapsed"; text-transform: none; color: var(--blue); }
    .cell { position: relative; overflow: hidden; padding: 5px 16px 0 16px; border-bottom: .5px solid var(--line); margin-left: 0; }
    .cells > .cell:last-child { border-bottom: 0; }
    .cell .ch { display: flex; gap: 6px; align-items: baseline; font-size: 10.5px; color: var(--muted); white-space: nowrap; }
    .cell .kind { font-weight: 600; color: #48484a; }
    .cell .rid { font-family: ui-monospace, Menlo, monospace; overflow: hidden; text-overflow: ellipsis; }
    .cell .h { margin-left: auto; }
    .cell .fs { font-size: 13px; display: flex; flex-direction: column; }
    .cell .f { white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
    .cell .f b { font-weight: 500; color: var(--muted); font-size: 11px; margin-right: 4px; }
    .cell .f.changed { background: #ffd60a66; border-radius: 3px; }
    .cell .f.changed s { color: var(--red); margin-right: 4px; }
    .cell .mv { color: var(--blue); font-weight: 600; }
    .k-loading .fs, .k-empty .fs, .k-load-more .fs { align-items: center; }
    .k-loading .f b, .k-empty .f b, .k-load-more .f b { display: none; }
    .k-loading .fs { color: var(--muted); }
    .k-loading .fs .f::before { content: "◌ "; display: inline-block; }
    .k-empty .fs { color: var(--muted); font-style: italic; }
    .k-load-more .fs { color: var(--blue); font-weight: 600; }
    .k-error { background: #fff5f4; }
    .k-error .fs { color: var(--red); }
    .cell[data-change="insert"], .section[data-change="insert"] .cells { background: var(--ins); box-shadow: inset 4px 0 var(--green); }
    .cell[data-change="delete"] { background: var(--del); box-shadow: inset 4px 0 var(--red); }
    .cell[data-change="delete"] .fs { text-decoration: line-through; color: #8e3a34; }
    .cell[data-change="move"] { background: var(--mov); box-shadow: inset 4px 0 var(--blue); }
    .cell[data-change="reconfigure"] { background: var(--cfg); box-shadow: inset 4px 0 var(--orange); }
    .cell[data-change="reload"] { background: var(--rld); box-shadow: inset 4px 0 var(--purple); }
    .section[data-change="delete"] { opacity: .85; }
    .section[data-change="delete"] .sh { color: var(--red); text-decoration: line-through; }
    .section[data-change="reload"] .sh, .section[data-change="move"] .sh { color: var(--purple); }
    .section[data-change="update"] .sh > span:first-child, .section[data-change="update"] .sf { background: #ffd60a66; border-radius: 3px; color: var(--ink); }
    .ghost { opacity: .8; }
    .more-rows { text-align: center; color: var(--muted); font-size: 12px; padding: 8px; }
    .changes { flex: 1; min-width: 320px; max-width: 720px; }
    .changes h3 { font-size: 13px; margin: 8px 0 6px; color: var(--muted); text-transform: uppercase; letter-spacing: .03em; }
    .stage { background: #fff; border-radius: 12px; margin: 0 0 12px; box-shadow: 0 0 0 1px var(--line); overflow: hidden; cursor: pointer; }
    .stage.playing { box-shadow: 0 0 0 2px var(--blue); }
    .stage h4 { margin: 0; padding: 8px 12px; font-size: 13px; background: #f7f7fa; border-bottom: 1px solid var(--line); }
    .stage h4 span { color: var(--muted); font-weight: 400; margin-left: 6px; }
    .stage ul { list-style: none; margin: 0; padding: 4px 0; max-height: 420px; overflow-y: auto; }
    .op { padding: 3px 12px; font-size: 12.5px; font-family: ui-monospace, Menlo, monospace; overflow-wrap: anywhere; }
    .op::before { display: inline-block; width: 16px; font-weight: 700; }
    .op[data-op="insert"]::before { content: "+"; color: var(--green); }
    .op[data-op="delete"]::before { content: "−"; color: var(--red); }
    .op[data-op="move"]::before { content: "↕"; color: var(--blue); }
    .op[data-op="reconfigure"]::before { content: "~"; color: var(--orange); }
    .op[data-op="reload"]::before { content: "!"; color: var(--purple); }
    .op[data-op="update"]::before { content: "="; color: var(--orange); }
    .op .diff { display: block; margin-left: 16px; font-family: inherit; color: #3a3a3c; }
    .op del { color: var(--red); background: var(--del); text-decoration: line-through; }
    .op ins { color: #1d7a33; background: var(--ins); text-decoration: none; }
    .none { color: var(--muted); font-style: italic; }
    .legend { display: flex; flex-wrap: wrap; gap: 10px; font-size: 12px; color: var(--muted); margin: 0 0 10px; }
    .legend i { display: inline-block; width: 10px; height: 10px; border-radius: 3px; margin-right: 4px; vertical-align: -1px; }
    .report-summary { display: flex; gap: 12px; margin: 14px 0; }
    .report-summary .count { background: #fff; border-radius: 12px; padding: 10px 18px; box-shadow: 0 0 0 1px var(--line); font-size: 13px; color: var(--muted); }
    .report-summary .count b { display: block; font-size: 24px; color: var(--ink); }
    .report-summary .count.failed b { color: var(--red); } .report-summary .count.passed b { color: var(--green); }
    .fixture { background: #fff; border-radius: 12px; margin: 0 0 14px; box-shadow: 0 0 0 1px var(--line); }
    .fixture > summary { padding: 10px 14px; cursor: pointer; font-weight: 600; }
    .fixture .verdict { border-radius: 6px; padding: 1px 7px; color: #fff; margin-right: 8px; font-size: 12px; }
    .verdict.pass { background: var(--green); } .verdict.fail { background: var(--red); } .verdict.orphan { background: var(--orange); }
    .fixture .body { padding: 0 14px 14px; }
    .accept { font-family: ui-monospace, Menlo, monospace; background: #1c1c1e; color: #f2f2f7; border-radius: 8px; padding: 8px 12px; font-size: 12px; overflow-x: auto; white-space: pre; }
    .pair { border: 1px solid var(--line); border-radius: 10px; margin: 10px 0; overflow: hidden; }
    .pair.differs { border-color: var(--red); }
    .pair.focus { box-shadow: 0 0 0 3px #ff3b3055; }
    .pair > summary { padding: 6px 10px; background: #f7f7fa; font-size: 12.5px; cursor: pointer; }
    .pair > summary span + span { margin-left: 8px; }
    .pair .tag { color: var(--red); font-weight: 600; }
    .pair .same { color: var(--muted); }
    .sides { display: grid; grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); }
    .sides > div { min-width: 0; }
    .sides pre, .overlay pre { margin: 0; padding: 8px 10px; font-size: 11.5px; overflow-x: auto; white-space: pre; min-height: 2em; }
    .sides pre + pre { border-left: 1px solid var(--line); }
    .sides .label, .overlay .label { font-size: 11px; color: var(--muted); padding: 4px 10px 0; }
    .ln-del { background: var(--del); color: #8e1a12; display: block; }
    .ln-ins { background: var(--ins); color: #1d6a2e; display: block; }
    .overlay { display: none; }
    .show-overlay .overlay { display: block; } .show-overlay .sides { display: none; }
    .report-table { margin: 8px 0 0; }
    """#
}
