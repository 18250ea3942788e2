// A workflow script's `export const meta = {...}`: parsed (acorn, as JavaScript with top-level
// return and await) and checked as the binary checks it (workflow-* scenarios). The script is
// never run here.
import { parse, type Node } from 'acorn';

export type MetaResult =
  | { ok: true; name: string; description: string; body: AnyNode[] }
  | { ok: false; reason: string; parse?: true };

export interface AnyNode extends Node {
  [k: string]: unknown;
}

const FIRST = '`export const meta = { name, description, phases }` must be the FIRST statement in the script';

/** Why a meta value is not a pure literal, or undefined when it is one. Only the template
 * interpolation text is recorded (workflow-meta-not-literal); the others are ours. */
function impurity(n: AnyNode): string | undefined {
  switch (n.type) {
    case 'Literal':
      return undefined;
    case 'TemplateLiteral':
      return (n.expressions as AnyNode[]).length > 0 ? 'template interpolation not allowed in meta' : undefined;
    case 'ArrayExpression':
      for (const e of n.elements as (AnyNode | null)[]) if (e) return impurity(e);
      return undefined;
    case 'ObjectExpression':
      for (const p of n.properties as AnyNode[]) {
        if (p.type !== 'Property' || p.computed === true || p.kind !== 'init' || p.method === true || p.shorthand === true)
          return 'only plain properties allowed in meta';
        const why = impurity(p.value as AnyNode);
        if (why) return why;
      }
      return undefined;
    case 'UnaryExpression':
      return n.operator === '-' && (n.argument as AnyNode).type === 'Literal' ? undefined : `${n.type} not allowed in meta`;
    default:
      return `${n.type} not allowed in meta`;
  }
}

function valueOf(n: AnyNode): unknown {
  if (n.type === 'Literal') return n.value;
  if (n.type === 'TemplateLiteral') return (n.quasis as AnyNode[]).map((q) => (q.value as { cooked: string }).cooked).join('');
  return undefined;
}

function keyOf(p: AnyNode): string | undefined {
  const k = p.key as AnyNode;
  if (k.type === 'Identifier') return k.name as string;
  if (k.type === 'Literal') return String(k.value);
  return undefined;
}

export function readMeta(script: string): MetaResult {
  let program: AnyNode;
  try {
    program = parse(script, {
      ecmaVersion: 'latest',
      sourceType: 'module',
      allowReturnOutsideFunction: true,
      allowAwaitOutsideFunction: true,
      locations: true,
    }) as unknown as AnyNode;
  } catch (e) {
    const err = e as { message?: string; loc?: { line: number; column: number } };
    // The line, then a caret under the column (workflow-syntax-error).
    const at = err.loc ? `${script.split('\n')[err.loc.line - 1] ?? ''}\n${' '.repeat(err.loc.column)}^` : '';
    return { ok: false, parse: true, reason: `Script parse error: ${err.message ?? String(e)}\n\n${at}\n\nWorkflow scripts must be plain JavaScript — common causes are TypeScript syntax (type annotations, interfaces, generics) and broken string quoting or escaping.` };
  }
  const first = (program.body as AnyNode[])[0];
  const decl = first?.type === 'ExportNamedDeclaration' ? (first.declaration as AnyNode | null) : null;
  const d = decl?.type === 'VariableDeclaration' && decl.kind === 'const' ? (decl.declarations as AnyNode[])[0] : undefined;
  const init = d && (d.id as AnyNode).type === 'Identifier' && (d.id as AnyNode).name === 'meta' ? (d.init as AnyNode | null) : null;
  if (!init || init.type !== 'ObjectExpression') return { ok: false, reason: FIRST };
  const why = impurity(init);
  if (why) return { ok: false, reason: `meta must be a pure literal: ${why}` };
  const fields = new Map<string, unknown>();
  for (const p of init.properties as AnyNode[]) {
    const k = keyOf(p);
    if (k !== undefined) fields.set(k, valueOf(p.value as AnyNode));
  }
  const name = fields.get('name');
  if (typeof name !== 'string' || name === '') return { ok: false, reason: 'meta.name must be a non-empty string' };
  const description = fields.get('description');
  if (typeof description !== 'string' || description === '') return { ok: false, reason: 'meta.description must be a non-empty string' };
  return { ok: true, name, description, body: (program.body as AnyNode[]).slice(1) };
}

/** A value the playground can work out without running the script: a literal, `args`, or
 * arrays and objects of them. */
function literal(n: AnyNode, args: unknown): { value: unknown } | undefined {
  switch (n.type) {
    case 'Literal':
      return { value: n.value };
    case 'Identifier':
      return n.name === 'args' ? { value: args } : undefined;
    case 'TemplateLiteral':
      return (n.expressions as AnyNode[]).length === 0 ? { value: valueOf(n) } : undefined;
    case 'UnaryExpression': {
      const v = n.operator === '-' ? literal(n.argument as AnyNode, args) : undefined;
      return v && typeof v.value === 'number' ? { value: -v.value } : undefined;
    }
    case 'ArrayExpression': {
      const out: unknown[] = [];
      for (const e of n.elements as (AnyNode | null)[]) {
        const v = e ? literal(e, args) : undefined;
        if (!v) return undefined;
        out.push(v.value);
      }
      return { value: out };
    }
    case 'ObjectExpression': {
      const out: Record<string, unknown> = {};
      for (const p of n.properties as AnyNode[]) {
        const k = p.type === 'Property' && p.computed !== true && p.kind === 'init' ? keyOf(p) : undefined;
        const v = k === undefined ? undefined : literal(p.value as AnyNode, args);
        if (k === undefined || !v) return undefined;
        out[k] = v.value;
      }
      return { value: out };
    }
    default:
      return undefined;
  }
}

/** The result of a script whose whole body is `return <literal or args>`; undefined for any
 * other script, which the playground does not run. */
export function literalResult(body: readonly AnyNode[], args: unknown): { value: unknown } | undefined {
  const only = body.length === 1 ? body[0] : undefined;
  if (only?.type !== 'ReturnStatement' || !only.argument) return undefined;
  return literal(only.argument as AnyNode, args);
}
