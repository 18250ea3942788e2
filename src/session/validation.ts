// Input validation errors as Claude Code words them: known zod issue kinds become sentences,
// anything else is zod's own JSON issue list.
import type { z } from 'zod';

function typeName(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  return typeof v;
}

function getAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let v: unknown = input;
  for (const k of path) {
    if (v && typeof v === 'object') v = (v as Record<PropertyKey, unknown>)[k];
    else return undefined;
  }
  return v;
}

export function formatValidationError(tool: string, error: z.ZodError, input: unknown): string {
  const sentences: string[] = [];
  let allKnown = true;
  for (const issue of error.issues) {
    const name = issue.path.map(String).join('.');
    if (issue.code === 'unrecognized_keys') {
      for (const k of issue.keys) sentences.push(`An unexpected parameter \`${k}\` was provided`);
    } else if (issue.code === 'invalid_type' && getAt(input, issue.path) === undefined) {
      sentences.push(`The required parameter \`${name}\` is missing`);
    } else if (issue.code === 'invalid_type') {
      sentences.push(`The parameter \`${name}\` type is expected as \`${issue.expected}\` but provided as \`${typeName(getAt(input, issue.path))}\``);
    } else allKnown = false;
  }
  if (!allKnown || sentences.length === 0) return `InputValidationError: ${error.message}`;
  const head = sentences.length === 1 ? `${tool} failed due to the following issue:` : `${tool} failed due to the following ${sentences.length} issues:`;
  return `InputValidationError: ${head}\n${sentences.join('\n')}`;
}
