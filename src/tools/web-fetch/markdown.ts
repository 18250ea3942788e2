// HTML -> Markdown as WebFetch does it: Turndown with its default options (setext headings,
// `*   ` bullets, indented code, `* * *` rules, `_em_`, `**strong**`; tables flattened to their
// text) — recorded in every web-* scenario's small-model prompt. The HTML is parsed with domino,
// the parser Turndown itself uses outside a browser, in every environment (page, worker, Node),
// so the result does not depend on the host's DOMParser.
import domino from '@mixmark-io/domino';
import TurndownService from 'turndown';

let service: TurndownService | undefined;

export function htmlToMarkdown(html: string): string {
  if (html === '') return '';
  service ??= new TurndownService();
  // Turndown wraps a string input the same way before parsing it.
  const doc = domino.createDocument(`<x-turndown id="turndown-root">${html}</x-turndown>`);
  const root = doc.getElementById('turndown-root');
  return root ? service.turndown(root) : '';
}
