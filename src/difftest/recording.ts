// What a recording of the binary says, before it is compared.
import type { JsonObject } from './types';

/** A recording the binary ended on purpose before the scripted calls were made: a hook blocked
 * the prompt or stopped the session (hook-prompt-submit-*). That is its answer, compared like any
 * other, where a recording with other problems (a crash, a timeout) says nothing. */
export function endedByHook(raw: JsonObject): boolean {
  const problems = Array.isArray(raw.problems) ? raw.problems : [];
  const events = Array.isArray(raw.system_events) ? raw.system_events : [];
  const unmade = problems.every(
    (p) => typeof p === 'string' && /^scripted \d+ tool calls?, recorded \d+ results?$/.test(p),
  );
  const stopped = events.some((e) => {
    const content = e !== null && typeof e === 'object' && !Array.isArray(e) ? e.content : undefined;
    return (
      typeof content === 'string' &&
      /^(UserPromptSubmit operation blocked by hook|Operation stopped by hook)/.test(content)
    );
  });
  return unmade && stopped;
}
