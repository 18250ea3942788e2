// Input validation errors as Claude Code words them: known zod issue kinds become sentences,
// anything else is zod's own JSON issue list.
import type { z } from 'zod';

/** zod's issue list as the binary's zod printed it: every default message was "Invalid input"
 * (newer versions keep zod's "Invalid option: expected one of …"); a message a schema sets
 * itself is kept. */
function issueJson(error: z.ZodError, keepOptionMessage: boolean, keepTypeMessage: boolean): string {
  // 2.1.273 printed every zod default message as "Invalid input" (too_big, invalid_format:
  // task-output-timeout-over-max, workflow-invalid-inputs); 2.1.332 keeps them (monitor-invalid).
  const generic = keepTypeMessage
    ? /^(Unrecognized key)/
    : keepOptionMessage
      ? /^(Invalid input|Unrecognized key)/
      : /^(Invalid|Unrecognized key|Too big|Too small)/;
  return JSON.stringify(
    error.issues.map((i) => ({ ...i, message: generic.test(i.message) ? 'Invalid input' : i.message })),
    null,
    2,
  );
}

export interface ValidationText {
  /** What the model gets (inside <tool_use_error>). */
  content: string;
  /** The stream-json tool_use_result: always the raw issue list. */
  structured: string;
}

export function formatValidationError(
  tool: string,
  error: z.ZodError,
  keepOptionMessage = false,
  namesReceivedType = false,
): ValidationText {
  const sentences: string[] = [];
  let allKnown = true;
  for (const issue of error.issues) {
    const name = issue.path.map(String).join('.');
    if (issue.code === 'unrecognized_keys') {
      for (const k of issue.keys) sentences.push(`An unexpected parameter \`${k}\` was provided`);
    } else if (issue.code === 'invalid_type') {
      // 2.1.273 names the received type `unknown` whatever it was, a missing value included;
      // 2.1.332 names it, and says a missing one is missing (agent-invalid-inputs,
      // monitor-invalid, workflow-invalid-inputs).
      const received = namesReceivedType ? /received (\w+)/.exec(issue.message)?.[1] : undefined;
      if (received === 'undefined') sentences.push(`The required parameter \`${name}\` is missing`);
      else
        sentences.push(
          `The parameter \`${name}\` type is expected as \`${issue.expected}\` but provided as \`${received ?? 'unknown'}\``,
        );
    } else allKnown = false;
  }
  const raw = `InputValidationError: ${issueJson(error, keepOptionMessage, namesReceivedType)}`;
  if (!allKnown || sentences.length === 0) return { content: raw, structured: raw };
  // Several issues: "issues:" without a count, both versions (agent-invalid-inputs).
  const head =
    sentences.length === 1
      ? `${tool} failed due to the following issue:`
      : `${tool} failed due to the following issues:`;
  return { content: `InputValidationError: ${head}\n${sentences.join('\n')}`, structured: raw };
}
