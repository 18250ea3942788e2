// WebSearch: Claude Code asks the Messages API to run its server-side web_search tool
// ("Perform a web search for the query: <q>", tools [{type: web_search_20250305, name:
// web_search, allowed_domains?/blocked_domains?, max_uses: 8}]) and turns the answer's blocks
// into one text. The search itself is Anthropic's, so in the playground the scenario scripts it
// (`web.search`, oracle/run.mjs searchBlocks): the results come back as scripted — the domain
// filters are the search backend's to apply, and it is not emulated here.
import { DEFAULT_SIDE_ANSWER, type SearchStep } from '../web-fetch/script';
import { webSession } from '../web-fetch/web-fetch';
import type { ToolContext } from '../types';
import type { WebSearchInput } from './schema';

export type SearchItem =
  | { kind: 'text'; text: string }
  | { kind: 'results'; id: string; links: { title: string; url: string }[] }
  | { kind: 'error'; code: string };

export type WebSearchOutcome =
  | { kind: 'refused'; message: string }
  | { kind: 'searched'; query: string; items: SearchItem[]; searchCount: number; tools: Record<string, unknown>[] };

/** Checked before the permission check (web-search-domains: the refusal is a tool_use_error). */
export function checkWebSearch(input: WebSearchInput): Promise<WebSearchOutcome | undefined> {
  if ((input.allowed_domains?.length ?? 0) > 0 && (input.blocked_domains?.length ?? 0) > 0)
    return Promise.resolve({
      kind: 'refused',
      message: 'Error: Cannot specify both allowed_domains and blocked_domains in the same request',
    });
  return Promise.resolve(undefined);
}

const COUNTER_KEY = 'web.searchRequests';

export function webSearch(input: WebSearchInput, ctx: ToolContext): Promise<WebSearchOutcome> {
  const { script } = webSession(ctx);
  // The oracle numbers the search requests of a session from 1: ids srvtoolu_oracle_<n>_<step>.
  const n = ((ctx.conversation.state.get(COUNTER_KEY) as number | undefined) ?? 0) + 1;
  ctx.conversation.state.set(COUNTER_KEY, n);
  const steps: SearchStep[] = script.search?.[input.query] ??
    script.search?.['*'] ?? [{ query: input.query, results: [] }, { text: DEFAULT_SIDE_ANSWER }];
  const items: SearchItem[] = [];
  let searchCount = 0;
  steps.forEach((st, i) => {
    if ('text' in st) {
      items.push({ kind: 'text', text: st.text });
      return;
    }
    searchCount++;
    if (st.error !== undefined) items.push({ kind: 'error', code: st.error });
    else
      items.push({
        kind: 'results',
        id: `srvtoolu_oracle_${n}_${i}`,
        links: (st.results ?? []).map((r) => ({ title: r.title, url: r.url })),
      });
  });
  const tool: Record<string, unknown> = { type: 'web_search_20250305', name: 'web_search' };
  if (input.allowed_domains?.length) tool.allowed_domains = input.allowed_domains;
  if (input.blocked_domains?.length) tool.blocked_domains = input.blocked_domains;
  tool.max_uses = 8;
  return Promise.resolve({ kind: 'searched', query: input.query, items, searchCount, tools: [tool] });
}
