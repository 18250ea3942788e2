// "Copy as GitHub issue": a markdown report of a scenario — title, the calls, expected vs actual
// result text, the behaviour version, and the link. Everything from the scenario is untrusted:
// prose is escaped, content goes in fences longer than any backtick run inside it.
import type { Scenario, ScenarioResult } from '../scenario/schema';
import { isToolCall } from '../scenario/schema';
import { compareCalls, contentText } from './diverge';
import { specSize } from './limits';
import { DEFAULT_VERSION } from '../profiles/releases';

export const LINK_CHAR_BUDGET = 2000;

export interface IssueInput {
  scenario: Scenario;
  /** The playground's result. */
  actual?: ScenarioResult;
  /** What the real binary returned (the corpus, or the scenario's `expect`). */
  expected?: ScenarioResult;
  /** The share URL. */
  link?: string;
  /** Name of the exported scenario file, mentioned when the link is too long. */
  fileName?: string;
}

export function fence(text: string, lang = ''): string {
  const runs = text.match(/`{3,}/g) ?? [];
  const n = Math.max(3, ...runs.map((r) => r.length + 1));
  const f = '`'.repeat(n);
  return `${f}${lang}\n${text}${text.endsWith('\n') ? '' : '\n'}${f}`;
}

/** One line of markdown prose that renders as the text it holds. */
export function escapeInline(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/([\\`*_[\]()<>#!|~])/g, '\\$1');
}

export function issueTitle(s: Scenario): string {
  return (s.title ?? s.description ?? s.id ?? 'cc-playground scenario').replace(/\s+/g, ' ').trim();
}

export function linkTooLong(link: string | undefined): boolean {
  return link !== undefined && link.length > LINK_CHAR_BUDGET;
}

export function issueMarkdown(i: IssueInput): string {
  const s = i.scenario;
  const version = i.actual?.version ?? s.version ?? DEFAULT_VERSION;
  const model = i.actual?.model ?? s.model;
  const out: string[] = [`## ${escapeInline(issueTitle(s))}`, ''];
  // Without a title the description is the heading already; once is enough.
  if (s.title && s.description && s.description.trim() !== s.title.trim())
    out.push(escapeInline(s.description), '');
  out.push(
    `Behaviour version: Claude Code **${escapeInline(version)}**${model ? `, model \`${model.replace(/`/g, '')}\`` : ''}, permission mode \`${(s.mode === undefined ? 'bypassPermissions' : (s.mode ?? 'default')).replace(/`/g, '')}\`.`,
    '',
  );
  if (i.link && !linkTooLong(i.link)) out.push(`Replay it: ${i.link}`, '');
  else if (i.link)
    out.push(
      `The share link is ${i.link.length.toLocaleString('en-US')} characters, over the ${LINK_CHAR_BUDGET.toLocaleString('en-US')} that fit in an issue: the scenario is attached as \`${(i.fileName ?? 'scenario.json').replace(/`/g, '')}\` (Export scenario file).`,
      '',
    );

  const files = Object.entries(s.files ?? {});
  if (files.length) {
    out.push('### Files', '');
    for (const [rel, spec] of files)
      out.push(`- \`${rel.replace(/`/g, '')}\` (${specSize(spec).toLocaleString('en-US')} bytes)`);
    out.push('');
  }

  out.push('### Calls', '');
  s.turns.forEach((turn, t) => {
    const lines = turn.map((item) =>
      isToolCall(item)
        ? `${item.name} ${JSON.stringify(item.input)}`
        : `(runner action) ${JSON.stringify(item)}`,
    );
    out.push(`Model call ${t}:`, '', fence(lines.join('\n'), 'text'), '');
  });

  const resultCalls = (r?: ScenarioResult) => r?.turns.reduce((n, t) => n + t.calls.length, 0) ?? 0;
  // A composed session has no recording, and its opening replay may hold no calls at all: an
  // empty section would read as "nothing was compared" when nothing could be.
  if (resultCalls(i.actual) + resultCalls(i.expected) > 0) {
    out.push(
      i.expected && i.actual ? '### Expected vs actual' : i.expected ? '### Expected' : '### Actual',
      '',
    );
    if (!i.expected) out.push('No recording of Claude Code to compare with.', '');
    const rows = i.expected && i.actual ? compareCalls(i.expected, i.actual) : undefined;
    const same = rows?.filter((r) => r.same).length;
    // Calls run after the recorded ones (composed in the page) have nothing to be compared with.
    const unrecorded = rows?.filter((r) => !r.expected).length ?? 0;
    if (rows)
      out.push(
        `${same} of ${rows.length - unrecorded} ${unrecorded ? 'recorded ' : ''}calls match Claude Code ${escapeInline(i.expected?.version ?? version)}.${unrecorded ? ` ${unrecorded === 1 ? 'One call was' : `${unrecorded} calls were`} run after the recording: ${unrecorded === 1 ? 'it has' : 'they have'} no recording to compare with.` : ''}`,
        '',
      );
    const calls =
      rows ??
      (i.actual ?? i.expected)!.turns.flatMap((t) =>
        t.calls.map((c) => ({
          turn: t.turn,
          id: c.id,
          tool: c.tool ?? '',
          input: c.input,
          same: false,
          expected: i.expected ? c : undefined,
          actual: i.actual ? c : undefined,
        })),
      );
    for (const c of calls) {
      const status = rows ? (c.same ? 'matches' : c.expected ? '**differs**' : 'no recording') : '';
      out.push(`#### ${escapeInline(c.tool)} \`${c.id}\`${status ? ` — ${status}` : ''}`, '');
      const side = (label: string, v?: { is_error: boolean; content: unknown }) => {
        if (!v) return;
        out.push(
          `${label}${v.is_error ? ' (is_error)' : ''}:`,
          '',
          fence(contentText(v.content), 'text'),
          '',
        );
      };
      if (c.same) side('Result', c.actual);
      else if (rows && !c.expected) side('Actual (cc-playground)', c.actual);
      else {
        side(`Expected (Claude Code ${escapeInline(i.expected?.version ?? version)})`, c.expected);
        side('Actual (cc-playground)', c.actual);
      }
    }
  }
  return out.join('\n').replace(/\n+$/, '\n');
}
