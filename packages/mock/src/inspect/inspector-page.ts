// The inspector page's markup and style, served beside its script (inspector-script.ts) by
// inspector-api.ts. Plain HTML: the script fills it in; nothing inline, so the page's
// Content-Security-Policy can allow its own files alone.
import { MOCK_TABLE_NAMES } from './tables';

/** The page; relative URLs, so it works under whatever path a host serves it. */
export function inspectorHtml(): string {
  const tables = MOCK_TABLE_NAMES.map(
    (name) =>
      `<section class="table" data-table="${name}"><h3>${name} <span class="count"></span></h3><div class="rows"></div></section>`,
  ).join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>wsadmin mock inspector</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="inspector.css">
<script src="inspector.js" defer></script>
</head>
<body>
<header>
  <h1>wsadmin mock</h1>
  <p id="where"></p>
  <p id="status" role="status" aria-live="polite"></p>
</header>
<nav class="actions" aria-label="Actions">
  <button type="button" id="reset">Reset</button>
  <a id="snapshot" href="api/snapshot" download>Take snapshot</a>
  <label class="file">Restore snapshot <input type="file" id="restore-file" accept=".json,application/json"></label>
  <a id="har" href="api/har" download>Download HAR</a>
  <span class="clock">Clock: <time id="clock"></time>
    <input id="advance-seconds" type="number" min="1" value="3600" aria-label="Seconds to advance">
    <button type="button" id="advance">Advance clock</button></span>
</nav>
<main>
<section id="journal-section">
  <h2>Journal <span class="count" id="journal-count"></span></h2>
  <div class="filters">
    <label>Operation <select id="filter-operation"><option value="">all</option></select></label>
    <label>Status <select id="filter-status">
      <option value="">all</option><option value="2">2xx</option><option value="4">4xx</option>
      <option value="5">5xx</option><option value="overridden">overridden</option>
    </select></label>
  </div>
  <table id="journal">
    <thead><tr><th>#</th><th>time</th><th>method</th><th>path</th><th>operation</th><th>status</th>
    <th>errmsg</th><th>ms</th><th>changes</th></tr></thead>
    <tbody></tbody>
  </table>
  <p class="empty" id="journal-empty">No request yet.</p>
</section>
<section id="overrides-section">
  <h2>Overrides</h2>
  <div id="overrides"></div>
</section>
<section id="tables-section">
  <h2>Tables</h2>
  ${tables}
</section>
</main>
</body>
</html>
`;
}

export const INSPECTOR_CSS = `
:root { font-family: system-ui, sans-serif; font-size: 14px; color: #1d232b; background: #fafbfc; }
body { margin: 0 1.5rem 2rem; }
header { display: flex; align-items: baseline; gap: 1rem; flex-wrap: wrap; }
h1 { font-size: 1.3rem; margin: 1rem 0 0.5rem; }
h2 { font-size: 1.1rem; margin: 1.5rem 0 0.5rem; }
h3 { font-size: 1rem; margin: 1rem 0 0.3rem; }
#status { color: #0b5; margin: 0; }
#status.error { color: #c22; }
.actions { display: flex; gap: 0.75rem; align-items: center; flex-wrap: wrap; padding: 0.5rem 0;
  border-bottom: 1px solid #dde; }
.actions a, .actions button, .actions .file { padding: 0.25rem 0.6rem; border: 1px solid #99a;
  border-radius: 4px; background: #fff; color: inherit; text-decoration: none; cursor: pointer; font: inherit; }
.actions .file input { width: 12rem; }
.clock input { width: 6rem; }
.filters { display: flex; gap: 1rem; margin-bottom: 0.5rem; }
table { border-collapse: collapse; width: 100%; background: #fff; }
th, td { border: 1px solid #dde; padding: 0.2rem 0.4rem; text-align: left; vertical-align: top; }
th { background: #eef0f4; }
tr.entry { cursor: pointer; }
tr.entry:hover { background: #f2f6ff; }
tr.entry.status-4 td.status { color: #b60; }
tr.entry.status-5 td.status { color: #c22; }
.hidden { display: none; }
td.detail { background: #f7f8fa; }
pre { margin: 0.2rem 0 0.6rem; white-space: pre-wrap; word-break: break-word; font-size: 12px; }
.detail h4 { margin: 0.4rem 0 0.1rem; font-size: 0.9rem; }
.empty { color: #667; }
.count { color: #667; font-weight: normal; }
section.table .rows { overflow-x: auto; }
td.cell { font-family: ui-monospace, monospace; font-size: 12px; max-width: 28rem; overflow-wrap: anywhere; }
`;
