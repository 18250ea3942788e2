// The offline viewer of a one-file export: plain DOM, no framework, nothing fetched. Every
// string from the session (file contents, tool output, inputs, paths) becomes a text node;
// images are data: URLs built from the base64 the model received.
import type { ExportedCall, ExportedChange, ExportedModelCall, ExportedSession, ExportedSubagent } from '../data';

type Child = Node | string | null | undefined | false;

function el(doc: Document, tag: string, attrs: Record<string, string>, ...children: Child[]): HTMLElement {
  const e = doc.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  for (const c of children) if (c !== null && c !== undefined && c !== false) e.append(c);
  return e;
}

/** Only a web address may be a link: a tampered file's `javascript:` link stays text. */
export const isWebLink = (s: unknown): s is string => typeof s === 'string' && /^https?:\/\//i.test(s);

function content(doc: Document, c: ExportedCall): Node[] {
  if (typeof c.content === 'string') return [el(doc, 'pre', { tabindex: '0' }, c.content)];
  return c.content.map((b) => {
    if (b.type === 'text') return el(doc, 'pre', { tabindex: '0' }, b.text);
    if (b.type === 'tool_reference') return el(doc, 'p', { class: 'muted' }, `[tool_reference: ${b.tool_name}]`);
    const label = `[${b.type} block: ${b.source.media_type}, ${b.source.data.length} base64 characters]`;
    const img =
      b.type === 'image' && /^image\/(png|jpeg|gif|webp)$/.test(b.source.media_type) && /^[A-Za-z0-9+/=]*$/.test(b.source.data)
        ? el(doc, 'img', { alt: label, src: `data:${b.source.media_type};base64,${b.source.data}` })
        : null;
    return el(doc, 'div', {}, el(doc, 'p', { class: 'muted' }, label), img);
  });
}

function callView(doc: Document, c: ExportedCall): HTMLElement {
  const d = c.decision;
  return el(
    doc,
    'article',
    { class: 'call', 'aria-label': `${c.name} ${c.id}` },
    el(doc, 'h3', {}, `${c.name} `, el(doc, 'span', { class: 'muted' }, c.id), ' ', c.isError ? el(doc, 'span', { class: 'badge error' }, 'is_error') : null),
    el(doc, 'div', { class: 'muted' }, 'tool_use input'),
    el(doc, 'pre', { tabindex: '0' }, JSON.stringify(c.input, null, 1) ?? 'undefined'),
    el(doc, 'div', { class: 'muted' }, 'permission'),
    el(
      doc,
      'p',
      {},
      el(doc, 'span', { class: `badge ${d.behavior}` }, d.behavior === 'none' ? 'no decision' : d.behavior),
      d.rule ? ` rule ${d.rule}` : null,
      d.answer ? ` · answered ${d.answer}` : null,
      d.reason ? el(doc, 'div', { class: 'muted' }, d.reason) : null,
    ),
    el(doc, 'div', { class: 'muted' }, 'tool_result, exactly as the model received it'),
    ...content(doc, c),
    c.explain ? el(doc, 'p', {}, c.explain) : null,
    ...(c.subagents ?? []).map((a) => subagentView(doc, a)),
  );
}

function subagentView(doc: Document, a: ExportedSubagent): HTMLElement {
  return el(
    doc,
    'details',
    { class: 'subagent' },
    el(doc, 'summary', {}, `Subagent (${a.agentType}): ${a.modelCalls.length} model call${a.modelCalls.length === 1 ? '' : 's'}`),
    el(doc, 'pre', { tabindex: '0' }, a.prompt),
    ...a.modelCalls.map((m) => modelCallView(doc, m, 'h4')),
  );
}

function changesView(doc: Document, changes: readonly ExportedChange[] | undefined): Node[] {
  if (changes === undefined) return [];
  return [
    el(doc, 'h3', {}, 'Files this call changed'),
    changes.length === 0
      ? el(doc, 'p', { class: 'muted' }, 'None.')
      : el(doc, 'div', {}, ...changes.map((c) => el(doc, 'details', {}, el(doc, 'summary', {}, `${c.change} ${c.path}`), el(doc, 'pre', { tabindex: '0' }, c.diff)))),
  ];
}

function modelCallView(doc: Document, m: ExportedModelCall, heading: 'h2' | 'h4' = 'h2'): HTMLElement {
  const ledger =
    m.ledger.length === 0
      ? el(doc, 'p', { class: 'muted' }, 'Empty: the model has read nothing yet.')
      : el(
          doc,
          'table',
          {},
          el(doc, 'thead', {}, el(doc, 'tr', {}, ...['path', 'view', 'by', 'call'].map((h) => el(doc, 'th', {}, h)))),
          el(doc, 'tbody', {}, ...m.ledger.map((r) => el(doc, 'tr', {}, ...[r.path, r.view, r.via, r.callId].map((t) => el(doc, 'td', {}, t))))),
        );
  return el(
    doc,
    'section',
    { 'aria-label': `Model call ${m.index}` },
    el(doc, heading, {}, `Model call ${m.index}`),
    m.calls.length === 0 ? el(doc, 'p', { class: 'muted' }, 'No tool_use blocks.') : null,
    ...m.calls.map((c) => callView(doc, c)),
    ...m.attachments.map((t) => el(doc, 'div', {}, el(doc, 'div', { class: 'muted' }, 'attachment'), el(doc, 'pre', { tabindex: '0' }, t))),
    ...changesView(doc, m.changes),
    el(doc, 'h3', {}, 'Read ledger after this call'),
    ledger,
  );
}

/** Renders the session into `root`, one model call at a time (buttons, or [ and ] keys). */
export function renderSession(root: HTMLElement, s: ExportedSession): void {
  const doc = root.ownerDocument;
  let at = 0;
  const slot = el(doc, 'div', {});
  const buttons = s.modelCalls.map((m, i) => {
    const b = el(doc, 'button', { type: 'button' }, `model call ${m.index} · ${m.calls.map((c) => c.name).join(', ') || 'no tool calls'}`);
    b.addEventListener('click', () => show(i));
    return b;
  });
  const show = (i: number) => {
    at = Math.max(0, Math.min(s.modelCalls.length - 1, i));
    buttons.forEach((b, j) => (j === at ? b.setAttribute('aria-current', 'step') : b.removeAttribute('aria-current')));
    const m = s.modelCalls[at];
    slot.replaceChildren(m ? modelCallView(doc, m) : el(doc, 'p', { class: 'muted' }, 'This session has no model calls.'));
  };
  const rerun = isWebLink(s.link)
    ? el(doc, 'p', { class: 'rerun' }, 'Re-run it in the playground: ', el(doc, 'a', { href: s.link, rel: 'noopener noreferrer' }, s.link))
    : el(doc, 'p', { class: 'muted' }, 'No link to re-run it came with this file.');
  root.replaceChildren(
    el(
      doc,
      'header',
      {},
      el(doc, 'h1', {}, s.title),
      el(doc, 'p', { class: 'muted' }, `Claude Code ${s.version} · ${s.model} · recorded results from cc-playground, shown offline`),
      rerun,
    ),
    el(doc, 'main', {}, el(doc, 'nav', { 'aria-label': 'Model calls' }, el(doc, 'ol', {}, ...buttons.map((b) => el(doc, 'li', {}, b)))), slot),
  );
  doc.addEventListener('keydown', (e) => {
    if (e.key === ']' || e.key === 'j') show(at + 1);
    else if (e.key === '[' || e.key === 'k') show(at - 1);
  });
  show(0);
}
