// ToolSearch (2.1.332, the default tool set): loads deferred tools by name (`select:`) or by
// keywords. Recorded: tools-search-*, tools-deferred-*. The rules found: `select:` (any case)
// takes exact, case-sensitive names of offered tools, deferred or not, in the order given, each
// once; a query that is a tool's name (any case) returns that tool alone; otherwise keywords rank
// the deferred tools, `+word` requiring the word in the name, and the list is cut with
// max_results as JavaScript's slice cuts it (-1 drops the last, 1.5 keeps one). A match adds one
// "Tool loaded." text after the results and loads the tools: their schema errors lose the
// load hint. NOT RECORDED EXACTLY: the keyword ranking weighs hints the binary does not send;
// the scores here (a name word 12, part of a name word 6, a word of the description 2, a hint
// of the profile's table 1; ties by name) reproduce 58 of 61 recorded keyword queries (not:
// the one-letter queries "a" and "e", and "the").
import { z } from 'zod';
import type { ContentBlock, ToolContext, ToolModule } from '../types';
import { EXTRA_DEFERRED_KEY, LOADED_TOOLS_KEY } from '../types';
import { escapeRegExp } from '../../text/regexp';

// Not strict: an unexpected parameter is dropped (tools-search-input-errors).
const input = z.object({
  query: z.string(),
  max_results: z
    .preprocess((v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v), z.number())
    .optional(),
});
type Input = z.infer<typeof input>;
interface Outcome {
  query: string;
  matches: string[];
  totalDeferred: number;
}

const words = (name: string): string[] =>
  (name.match(/[A-Z][a-z]*|[a-z]+|\d+/g) ?? []).map((w) => w.toLowerCase());

function score(name: string, description: string, hints: readonly string[], term: string): number {
  const ws = words(name);
  let s = 0;
  if (ws.includes(term)) s += 12;
  else if (ws.some((w) => w.includes(term))) s += 6;
  if (new RegExp(`\\b${escapeRegExp(term)}\\b`).test(description.toLowerCase())) s += 2;
  if (hints.includes(term)) s += 1;
  return s;
}

/** The deferred tools of this session (offered, not sent with a schema at the start). */
function deferredTools(ctx: ToolContext): string[] {
  return allDeferred(ctx).filter((n) => ctx.offered.has(n));
}

/** The profile's deferred tools and the session's own (a plugin's LSP: lsp-operations counts 12). */
function allDeferred(ctx: ToolContext): string[] {
  const extra = (ctx.conversation.state.get(EXTRA_DEFERRED_KEY) as string[] | undefined) ?? [];
  return [...(ctx.profile.deferredByDefault ?? []), ...extra];
}

export function search(query: string, maxResults: number, ctx: ToolContext): string[] {
  const sel = /^select:(.*)$/is.exec(query);
  if (sel) {
    const names = (sel[1] ?? '').split(',').map((n) => n.trim());
    return [...new Set(names.filter((n) => n !== '' && ctx.offered.has(n)))];
  }
  const q = query.trim().toLowerCase();
  if (q === '') return [];
  const exact = [...ctx.offered].find((n) => n.toLowerCase() === q);
  if (exact !== undefined) return [exact];
  const raw = q.split(/\s+/);
  const required = raw.filter((t) => t.startsWith('+')).map((t) => t.slice(1));
  const terms = raw.map((t) => t.replace(/^\+/, '')).filter(Boolean);
  const defs = ctx.profile.toolDefinitions;
  const ranked = deferredTools(ctx)
    .filter((n) => required.every((r) => n.toLowerCase().includes(r)))
    .map((n) => {
      const d = defs.find((x) => x.name === n)?.description ?? '';
      const hints = ctx.profile.toolSearchHints?.[n] ?? [];
      return { n, s: terms.reduce((a, t) => a + score(n, d, hints, t), 0) };
    })
    .filter((x) => x.s > 0)
    .sort((a, b) => b.s - a.s || (a.n < b.n ? -1 : a.n > b.n ? 1 : 0))
    .map((x) => x.n);
  return ranked.slice(0, maxResults);
}

export const toolSearchTool: ToolModule<Input, Outcome> = {
  name: 'ToolSearch',
  schema: input,
  isReadOnly: () => true,
  isConcurrencySafe: () => true,
  permissionRequest: (i) => ({ tool: 'ToolSearch', kind: 'other', paths: [], input: i, noPrompt: true }),
  call: (i, ctx) => {
    const matches = search(i.query, i.max_results ?? 5, ctx);
    const deferred = new Set(deferredTools(ctx));
    let loaded = ctx.conversation.state.get(LOADED_TOOLS_KEY) as Set<string> | undefined;
    if (!loaded) ctx.conversation.state.set(LOADED_TOOLS_KEY, (loaded = new Set()));
    for (const m of matches) if (deferred.has(m)) loaded.add(m);
    return Promise.resolve({
      query: i.query,
      matches,
      totalDeferred: allDeferred(ctx).length,
    });
  },
  render: (o) => {
    const structured = { matches: o.matches, query: o.query, total_deferred_tools: o.totalDeferred };
    if (o.matches.length === 0)
      return { content: 'No matching deferred tools found', is_error: false, structured };
    const content: ContentBlock[] = o.matches.map((tool_name) => ({ type: 'tool_reference', tool_name }));
    return {
      content,
      is_error: false,
      structured,
      attachments: [{ role: 'user', type: 'text', text: 'Tool loaded.' }],
    };
  },
  explain: (o) =>
    o.matches.length === 0
      ? 'No offered tool matched: select: needs exact names, keywords search the deferred tools.'
      : `Loaded ${o.matches.join(', ')}: their definitions are sent from now on, so typed parameters parse.`,
};
