// The one-file export: an HTML page that carries the session as JSON and the viewer's script,
// both inline. Its Content-Security-Policy lets it fetch nothing at all (no scripts, styles,
// fonts or images from anywhere but the file; images are data: URLs of the bytes the model got).
import type { ExportedSession } from './data';

/** The session as the text of a `<script type="application/json">`: `<`, `>` and `&` become
 * JSON escapes, so `</script>` or `<!--` in a tool result cannot end the element, and U+2028 /
 * U+2029 are escaped for old parsers. JSON.parse gives back exactly the same strings. */
export function embeddedJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The viewer's own script, made safe to inline: a `</script` inside it (a string, a comment)
 * would end the element early. */
export function inlineScript(code: string): string {
  return code.replace(/<\/(script)/gi, '<\\/$1').replace(/<!--/g, '<\\!--');
}

export const EXPORT_CSP =
  "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'";

export const EXPORT_CSS = `
:root { color-scheme: light dark; --fg: #1f2937; --bg: #f8fafc; --card: #fff; --line: #cbd5e1; --muted: #475569; --code: #eef2f7; --accent: #1d4ed8; --allow-bg: #dcfce7; --allow: #166534; --deny-bg: #fee2e2; --deny: #991b1b; --ask-bg: #fef9c3; --ask: #854d0e; }
@media (prefers-color-scheme: dark) { :root { --fg: #e5e7eb; --bg: #0f172a; --card: #111827; --line: #334155; --muted: #a3b1c6; --code: #1e293b; --accent: #93c5fd; --allow-bg: #14532d; --allow: #dcfce7; --deny-bg: #7f1d1d; --deny: #fee2e2; --ask-bg: #713f12; --ask: #fef9c3; } }
* { box-sizing: border-box; }
body { margin: 0; font: 14px system-ui, -apple-system, 'Segoe UI', sans-serif; color: var(--fg); background: var(--bg); }
header, main { padding: 0.6rem 1rem; }
header { border-bottom: 1px solid var(--line); background: var(--card); }
h1 { font-size: 1.1rem; margin: 0 0 0.3rem; overflow-wrap: anywhere; }
h2 { font-size: 1rem; margin: 0.6rem 0 0.3rem; }
h3 { font-size: 0.9rem; margin: 0.4rem 0 0.2rem; }
a { color: var(--accent); }
.muted { color: var(--muted); }
.rerun { overflow-wrap: anywhere; font-size: 0.85rem; }
nav ol { list-style: none; padding: 0; margin: 0.4rem 0; display: flex; flex-wrap: wrap; gap: 0.3rem; }
nav button { font: inherit; font-size: 0.85rem; border: 1px solid var(--line); background: var(--card); color: var(--fg); border-radius: 4px; padding: 0.2rem 0.5rem; cursor: pointer; }
nav button[aria-current='step'] { background: var(--fg); color: var(--bg); }
.call { background: var(--card); border: 1px solid var(--line); border-radius: 6px; padding: 0.5rem; margin: 0.5rem 0; }
pre { font: 12px ui-monospace, 'SFMono-Regular', Menlo, monospace; white-space: pre; overflow-x: auto; background: var(--code); padding: 0.3rem; border-radius: 4px; margin: 0.2rem 0; }
.badge { display: inline-block; padding: 0 0.4rem; border-radius: 4px; font-size: 0.78rem; background: var(--code); }
.badge.allow { background: var(--allow-bg); color: var(--allow); }
.badge.deny, .badge.error { background: var(--deny-bg); color: var(--deny); }
.badge.ask { background: var(--ask-bg); color: var(--ask); }
table { border-collapse: collapse; width: 100%; font-size: 12px; }
th, td { text-align: left; border-bottom: 1px solid var(--line); padding: 0.15rem 0.3rem; overflow-wrap: anywhere; }
img { max-width: 100%; }
h4 { font-size: 0.85rem; margin: 0.4rem 0 0.2rem; }
details.subagent { border-left: 3px solid var(--line); padding-left: 0.6rem; margin: 0.4rem 0; }
summary { cursor: pointer; font-size: 0.85rem; }
`;

/** The whole file. `script` is the viewer bundle (built by the `ccp-export-viewer` Vite plugin). */
export function exportHtml(data: ExportedSession, script: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${EXPORT_CSP}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(`${data.title} · cc-playground`)}</title>
<style>${EXPORT_CSS}</style>
</head>
<body>
<div id="root"><p>This page shows a cc-playground session; it needs JavaScript.</p></div>
<script type="application/json" id="ccp-session">${embeddedJson(data)}</script>
<script>${inlineScript(script)}</script>
</body>
</html>
`;
}
