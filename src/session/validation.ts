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
    // A custom issue's message is the schema's own (worktree-names-invalid), kept by both.
    error.issues.map((i) => ({
      ...i,
      message: i.code !== 'custom' && generic.test(i.message) ? 'Invalid input' : i.message,
    })),
    null,
    2,
  );
}

const valueAt = (input: unknown, path: readonly PropertyKey[]): unknown =>
  path.reduce<unknown>(
    (v, k) => (typeof v === 'object' && v !== null ? (v as Record<PropertyKey, unknown>)[k] : undefined),
    input,
  );
/** `findings[2].file`: an array index in brackets, keys joined with dots (both versions). */
const paramName = (path: readonly PropertyKey[]): string =>
  path.reduce<string>(
    (acc, k) => (typeof k === 'number' ? `${acc}[${k}]` : acc === '' ? String(k) : `${acc}.${String(k)}`),
    '',
  );
const typeName = (v: unknown): string => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);

export interface ValidationText {
  /** What the model gets (inside <tool_use_error>). */
  content: string;
  /** The stream-json tool_use_result: always the raw issue list. */
  structured: string;
}

/** `namesReceivedType` (newer versions): a missing parameter is "The required parameter `x` is
 * missing", a wrong type names the type received, and the sentences keep zod's order
 * (agent-invalid-inputs, monitor-invalid, hook-pre-invalid-input on 2.1.332); older versions name
 * unexpected parameters first (hook-pre-invalid-input, 2.1.273). */
export function formatValidationError(
  tool: string,
  error: z.ZodError,
  keepOptionMessage = false,
  namesReceivedType = false,
  input?: unknown,
): ValidationText {
  const unexpected: string[] = [];
  const missing: string[] = [];
  const sentences: string[] = [];
  const invalid: string[] = [];
  for (const issue of error.issues) {
    const name = paramName(issue.path);
    if (issue.code === 'unrecognized_keys') {
      for (const k of issue.keys)
        (namesReceivedType ? sentences : unexpected).push(`An unexpected parameter \`${k}\` was provided`);
    } else if (issue.code === 'invalid_type') {
      // 2.1.273 names the received type `unknown` whatever it was, a missing value included.
      if (!namesReceivedType)
        sentences.push(
          `The parameter \`${name}\` type is expected as \`${issue.expected}\` but provided as \`unknown\``,
        );
      else {
        const received = /received (\w+)/.exec(issue.message)?.[1] ?? typeName(valueAt(input, issue.path));
        if (received === 'undefined') missing.push(`The required parameter \`${name}\` is missing`);
        else
          sentences.push(
            `The parameter \`${name}\` type is expected as \`${issue.expected}\` but provided as \`${received}\``,
          );
      }
    } else if (namesReceivedType) invalid.push(`The parameter \`${name}\` is invalid: ${issue.message}`);
  }
  const raw = `InputValidationError: ${issueJson(error, keepOptionMessage, namesReceivedType)}`;
  // Sentences only where a parameter is missing, mistyped or unexpected; then other issues are
  // left out (older) or follow as "is invalid: <zod's message>" (newer), missing ones first
  // (tools-findings-validation: one finding with a number file and two fields missing, beside
  // a bad enum and a long string).
  sentences.unshift(...unexpected, ...missing);
  if (sentences.length === 0) return { content: raw, structured: raw };
  sentences.push(...invalid);
  // Several issues are "the following issues", without a count (both versions).
  const head = `${tool} failed due to the following ${sentences.length === 1 ? 'issue' : 'issues'}:`;
  return { content: `InputValidationError: ${head}\n${sentences.join('\n')}`, structured: raw };
}
