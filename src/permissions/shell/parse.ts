// The shell parser: just-bash's own recursive-descent bash parser and its AST. Its browser
// bundle does not export `parse`, but every bundle has `Bash#transform`, which parses and
// returns the AST unchanged when no transform plugin is registered.
import { Bash } from 'just-bash';
import type { CommandNode, ScriptNode, SimpleCommandNode, StatementNode, WordNode } from 'just-bash';

export type { CommandNode, ScriptNode, SimpleCommandNode, StatementNode, WordNode };
export type WordPart = WordNode['parts'][number];
export type RedirectionNode = SimpleCommandNode['redirections'][number];
export type AssignmentNode = SimpleCommandNode['assignments'][number];

let parser: Bash | undefined;

export type ParseResult = { ok: true; script: ScriptNode } | { ok: false; error: string };

export function parseCommand(command: string): ParseResult {
  parser ??= new Bash();
  try {
    return { ok: true, script: parser.transform(command).ast };
  } catch (e) {
    return { ok: false, error: e instanceof Error ? e.message : String(e) };
  }
}
