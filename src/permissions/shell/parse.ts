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
    const script = parser.transform(command).ast;
    timeAsCommand(script);
    return { ok: true, script };
  } catch (e) {
    return { ok: false, error: e instanceof Error ? e.message : String(e) };
  }
}

/** A second interpreter whose one transform plugin applies `rewrite` to the parsed line: Bash#transform
 * then prints the changed AST back as a command line (the bundle exports no serializer). */
let rewriter: { transform(command: string): { script: string } } | undefined;
let rewrite: ((ast: ScriptNode) => ScriptNode) | undefined;

async function loadRewriter(): Promise<void> {
  const { Bash } = await import('just-bash');
  const b = new Bash();
  b.registerTransformPlugin({ name: 'cc-playground-rewrite', transform: (c) => ({ ast: rewrite ? rewrite(c.ast) : c.ast }) });
  rewriter = b;
}
let rewriterLoading: Promise<void> | undefined;
export const loadShellRewriter = (): Promise<void> => (rewriterLoading ??= loadRewriter());

/** Visits every pipeline's commands in line order (nested lists, loops and groups included; not
 * the scripts inside words, `$(…)`), letting `visit` replace a simple command. */
function eachSimpleCommand(node: unknown, visit: (c: SimpleCommandNode, put: (n: CommandNode) => void) => void): void {
  if (node === null || typeof node !== 'object') return;
  if (Array.isArray(node)) {
    for (const n of node) eachSimpleCommand(n, visit);
    return;
  }
  const o = node as { type?: string; commands?: CommandNode[] };
  if (o.type === 'Word') return;
  if (o.type === 'Pipeline' && Array.isArray(o.commands)) {
    const cmds = o.commands;
    cmds.forEach((c, i) => {
      if (c.type === 'SimpleCommand') visit(c, (n) => (cmds[i] = n));
      else eachSimpleCommand(c, visit);
    });
    return;
  }
  for (const v of Object.values(o)) eachSimpleCommand(v, visit);
}

/** The line's simple commands in the order rewriteSimpleCommands numbers them. */
export function simpleCommands(script: ScriptNode): SimpleCommandNode[] {
  const out: SimpleCommandNode[] = [];
  eachSimpleCommand(script, (c) => out.push(c));
  return out;
}

/** The command line with some simple commands replaced (`replace` returns the new node, or
 * undefined to keep it); undefined when the line does not parse or the rewriter is not loaded. */
export function rewriteSimpleCommands(
  command: string,
  replace: (node: SimpleCommandNode, index: number) => CommandNode | undefined,
): string | undefined {
  if (!rewriter) return undefined;
  let k = 0;
  rewrite = (ast) => {
    eachSimpleCommand(ast, (c, put) => {
      const n = replace(c, k++);
      if (n) put(n);
    });
    return ast;
  };
  try {
    return rewriter.transform(command).script;
  } catch {
    return undefined;
  } finally {
    rewrite = undefined;
  }
}

const literalWord = (value: string): WordNode => ({ type: 'Word', parts: [{ type: 'Literal', value }] });

/** just-bash reads a leading `time` (and `time -p`) as the pipeline keyword and drops it;
 * Claude Code's parser sees a command named `time` with its words as arguments: `time ls` and
 * bare `time` need approval, `time -p ls` is "an incomplete fragment", `time git status` runs
 * under Bash(git status:*) (time probes, both versions). So the keyword goes back into the
 * pipeline's first command as its name. */
function timeAsCommand(node: unknown): void {
  if (Array.isArray(node)) {
    for (const n of node) timeAsCommand(n);
    return;
  }
  if (node === null || typeof node !== 'object') return;
  const o = node as Record<string, unknown>;
  if (o.type === 'Pipeline' && o.timed) {
    const first = (o.commands as CommandNode[])[0];
    if (first?.type === 'SimpleCommand') {
      const words = [
        ...(o.timePosix ? [literalWord('-p')] : []),
        ...(first.name ? [first.name] : []),
        ...first.args,
      ];
      first.name = literalWord('time');
      first.args = words;
      o.timed = false;
      o.timePosix = false;
    }
  }
  for (const v of Object.values(o)) if (v !== null && typeof v === 'object') timeAsCommand(v);
}
