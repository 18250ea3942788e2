// The words the lessons and panes use, each said for someone who never used Claude Code. A
// lesson's text links the first mention of each term to its entry (GlossaryText).
import { escapeRegExp } from '../../text/regexp';

export interface Term {
  /** The words as they stand in a text (matched whole, case as written). */
  term: string;
  id: string;
  text: string;
}

export const GLOSSARY: readonly Term[] = [
  {
    term: 'tool call',
    id: 'tool-call',
    text: 'A request the model makes to run one tool (Read, Edit, Bash …) with an input; Claude Code runs it and sends the result back as a tool_result. A model call may hold several.',
  },
  {
    term: 'ledger',
    id: 'ledger',
    text: 'The read ledger: what Claude Code remembers the model has read in this conversation (each file, the part seen, its modification time then). Edit and Write check it before they change a file.',
  },
  {
    term: 'partial view',
    id: 'partial-view',
    text: 'A Read that returned only part of a file (over the token limit, or an offset and limit). The ledger marks it, and for Edit and Write such a file does not count as read.',
  },
  {
    term: 'strict model',
    id: 'strict-model',
    text: 'A model for which Claude Code keeps the read-before-edit rule strictly: an Edit or Write of a file the model has not read is refused (“File has not been read yet”). Older models, such as claude-opus-4-6.',
  },
  {
    term: 'relaxed rule',
    id: 'relaxed-rule',
    text: 'For newer models Claude Code relaxes read-before-edit: an Edit of an unread file goes through when Read is offered and reading the file would need no permission prompt.',
  },
  {
    term: '-p',
    id: 'print-mode',
    text: 'claude -p (print mode): Claude Code runs one prompt without a person at the keyboard, as the recordings were made. A call that would ask for permission is refused instead, since nobody can answer.',
  },
  {
    term: 'bypassPermissions',
    id: 'bypass-permissions',
    text: 'A permission mode in which Claude Code runs tool calls without asking. Deny rules, ask rules and some checks of its own still apply. Scenarios that name no mode run in it, as the recordings did.',
  },
  {
    term: 'acceptEdits',
    id: 'accept-edits',
    text: 'A permission mode in which file edits in the working directory go through without a prompt, while other calls (most Bash commands) still ask.',
  },
  {
    term: 'default mode',
    id: 'default-mode',
    text: 'The permission mode a person normally works in: reads inside the project run, edits and most commands ask first.',
  },
  {
    term: 'allow rule',
    id: 'rules',
    text: 'Permission rules in settings, such as Bash(touch:*) or Edit(src/**): deny refuses, ask prompts, allow runs without asking. Deny wins over ask, and ask over allow.',
  },
  {
    term: 'PreToolUse hook',
    id: 'hook',
    text: 'A command named in settings that Claude Code runs before a tool call; its answer can allow, ask or deny the call, within what the permission rules leave open.',
  },
  {
    term: 'subagent',
    id: 'subagent',
    text: 'A second conversation the Agent tool starts for a task; it has its own read ledger, so what it read does not count as read by the main conversation.',
  },
];

/** `text` cut at the first mention of each term: strings, and the terms found. */
export function linkTerms(text: string, terms: readonly Term[] = GLOSSARY): (string | Term)[] {
  const found: { at: number; t: Term }[] = [];
  for (const t of terms) {
    const re = new RegExp(`(?<![\\w-])${escapeRegExp(t.term)}(?![\\w-])`);
    const m = re.exec(text);
    if (m) found.push({ at: m.index, t });
  }
  found.sort((a, b) => a.at - b.at);
  const out: (string | Term)[] = [];
  let from = 0;
  for (const { at, t } of found) {
    if (at < from) continue;
    if (at > from) out.push(text.slice(from, at));
    out.push(t);
    from = at + t.term.length;
  }
  if (from < text.length) out.push(text.slice(from));
  return out;
}
