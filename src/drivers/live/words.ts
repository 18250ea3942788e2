// A live session as a scenario: the model's tool calls are the scenario's turns (the composer
// appends them as it runs them); the words around them (the person's prompts, the model's text
// blocks) and the system prompt go into the scenario's optional `live` field, so a share link
// shows them and replays without a key. Nothing secret is ever put here: no key, no base URL.
import type { Scenario } from '../../scenario/schema';
import type { ModelCallRecord } from '../../session/engine';
import { resultsMessage, type ApiMessage } from './loop';

export interface LiveWord {
  /** The scenario turn it came before; the number of turns for words after the last one. */
  turn: number;
  role: 'user' | 'assistant';
  text: string;
}

export function withLive(
  s: Scenario,
  live: { model: string; system: string; words: readonly LiveWord[] },
): Scenario {
  return { ...s, live: { model: live.model, system: live.system, words: live.words.map((w) => ({ ...w })) } };
}

/** The words before model call `turn`, and (for the last call) those after it. */
export function wordsAt(s: Scenario, turn: number, last: boolean): { before: LiveWord[]; after: LiveWord[] } {
  const words = s.live?.words ?? [];
  return {
    before: words.filter((w) => w.turn === turn),
    after: last ? words.filter((w) => w.turn > turn) : [],
  };
}

/** The Messages API conversation of a session that has no live conversation in memory (a share
 * link, a re-run under other settings): prompts, text blocks, tool_use blocks under the
 * session's ids, and the tool results as the session rendered them. Thinking blocks are not
 * kept in scenarios, so they are not sent back. */
export function messagesOf(history: readonly ModelCallRecord[], words: readonly LiveWord[]): ApiMessage[] {
  const out: ApiMessage[] = [];
  const add = (role: ApiMessage['role'], blocks: unknown[]) => {
    if (blocks.length === 0) return;
    const last = out.at(-1);
    if (last?.role === role) last.content = [...last.content, ...blocks];
    else out.push({ role, content: blocks });
  };
  // Model calls before the first prompt were composed or replayed, not asked for by a model:
  // the conversation starts at that prompt (the API wants a user message first).
  const prompts = words.filter((w) => w.role === 'user').map((w) => w.turn);
  if (prompts.length === 0) return out;
  const end = Math.max(history.length, ...words.map((w) => w.turn + 1));
  for (let t = Math.min(...prompts); t < end; t++) {
    for (const w of words) if (w.turn === t) add(w.role, [{ type: 'text', text: w.text }]);
    const rec = history[t];
    if (!rec) continue;
    add(
      'assistant',
      rec.calls.map((c) => ({ type: 'tool_use', id: c.id, name: c.name, input: c.input })),
    );
    const results = resultsMessage(
      rec.calls.map((c) => c.id),
      rec,
    );
    add('user', results.content);
  }
  return out;
}
