// WebSearch outcome -> what the model receives: the query, each block of the search answer
// (text as is, a result list as `Links: <JSON>` or `No links found.`, a failed search as
// `Web search error: <code>`), each followed by a blank line, then the reminder
// (web-search-basic, -multi, -no-results, -error).
import type { Rendered } from '../types';
import type { SearchItem, WebSearchOutcome } from './web-search';

const REMINDER = 'REMINDER: You MUST include the sources above in your response to the user using markdown hyperlinks.';

function itemText(i: SearchItem): string {
  if (i.kind === 'text') return i.text;
  if (i.kind === 'error') return `Web search error: ${i.code}`;
  return i.links.length === 0 ? 'No links found.' : `Links: ${JSON.stringify(i.links)}`;
}

export function renderWebSearch(o: WebSearchOutcome): Rendered {
  if (o.kind === 'refused')
    return { content: `<tool_use_error>${o.message}</tool_use_error>`, is_error: true, structured: `Error: ${o.message}` };
  const body = o.items.map((i) => `${itemText(i)}\n\n`).join('');
  return {
    content: `Web search results for query: "${o.query}"\n\n${body}\n${REMINDER}`,
    is_error: false,
    structured: {
      query: o.query,
      results: o.items.map((i) => (i.kind === 'results' ? { tool_use_id: i.id, content: i.links } : itemText(i))),
      durationSeconds: 0,
      searchCount: o.searchCount,
    },
  };
}

export function explainWebSearch(o: WebSearchOutcome): string {
  if (o.kind === 'refused') return 'allowed_domains and blocked_domains cannot be given together, so nothing was searched.';
  return `The search runs on Anthropic's side; here its answer is the scenario's script (web.search): ${o.searchCount} search${o.searchCount === 1 ? '' : 'es'}, whose blocks make up the text, followed by the reminder to cite the sources. allowed_domains and blocked_domains are passed to the search and filter nothing here (how the real search applies them is not recorded).`;
}
