// The shell parser: just-bash's own recursive-descent bash parser and its AST. Its browser
// bundle does not export `parse`, but every bundle has `Bash#transform`, which parses and
// returns the AST unchanged when no transform plugin is registered. That bundle is the whole
// interpreter (350 KB gzip), so it is loaded when the first Bash call needs it, not with the
// session: whatever parses awaits loadShellParser() once first (the session engine does, through
// the Bash tool's `load`).
import type { CommandNode, ScriptNode, SimpleCommandNode, StatementNode, WordNode } from 'just-bash';

export type { CommandNode, ScriptNode, SimpleCommandNode, StatementNode, WordNode };
export type WordPart = WordNode['parts'][number];
export type RedirectionNode = SimpleCommandNode['redirections'][number];
export type AssignmentNode = SimpleCommandNode['assignments'][number];

let parser: { transform(command: string): { ast: ScriptNode } } | undefined;
let loading: Promise<void> | undefined;

export function loadShellParser(): Promise<void> {
  loading ??= import('just-bash').then(({ Bash }) => {
    parser = new Bash();
  });
  return loading;
}

export type ParseResult = { ok: true; script: ScriptNode } | { ok: false; error: string };

export function parseCommand(command: string): ParseResult {
  if (!parser) throw new Error('the shell parser is not loaded: await loadShellParser() first');
  try {
    return { ok: true, script: parser.transform(command).ast };
  } catch (e) {
    return { ok: false, error: e instanceof Error ? e.message : String(e) };
  }
}
