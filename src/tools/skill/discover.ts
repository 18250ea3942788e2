// Where Claude Code finds skills: ~/.claude/skills/<dir>/SKILL.md, .claude/skills/<dir>/SKILL.md
// and the older .claude/commands/<name>.md. A user skill wins over a project skill of the same
// name (skill-home-and-project-same-name), as the listing puts user skills first.
import type { Workspace } from '../../workspace/types';

export interface SkillDef {
  /** The name it is called by: the folder's (or the command file's) name. */
  name: string;
  /** The frontmatter's `name`, which also finds it (skill-frontmatter-name-differs). */
  alias?: string;
  description?: string;
  /** The folder holding SKILL.md; absent for a .claude/commands file (no base-directory line). */
  dir?: string;
  body: string;
  disableModelInvocation: boolean;
  /** The frontmatter's `model` (an alias or an id). */
  model?: string;
  /** Its frontmatter gives it tools (allowed-tools): calling it asks for permission. */
  asks: boolean;
}

/** Splits `---` frontmatter from the body; keys are read as plain `key: value` lines. */
export function parseSkillFile(text: string): { meta: Record<string, string>; body: string } {
  // The body keeps its CRLF line ends (skill-body-whitespace).
  const m = /^---\r?\n([\s\S]*?)\r?\n?---(?:\r?\n|$)/.exec(text);
  if (!m) return { meta: {}, body: text };
  const meta: Record<string, string> = {};
  for (const line of (m[1] ?? '').split(/\r?\n/)) {
    const kv = /^([A-Za-z0-9_-]+):\s*(.*)$/.exec(line);
    if (kv) meta[kv[1] as string] = (kv[2] as string).trim().replace(/^(["'])(.*)\1$/, '$2');
  }
  return { meta, body: text.slice(m[0].length) };
}

async function readText(ws: Workspace, path: string): Promise<string | undefined> {
  try {
    return new TextDecoder().decode(await ws.fs.readFile(path));
  } catch {
    return undefined;
  }
}

async function list(ws: Workspace, dir: string): Promise<string[]> {
  try {
    return (await ws.fs.readdir(dir)).sort();
  } catch {
    return [];
  }
}

function define(name: string, text: string, dir: string | undefined): SkillDef {
  const { meta, body } = parseSkillFile(text);
  return {
    name,
    ...(meta.name !== undefined && meta.name !== name ? { alias: meta.name } : {}),
    ...(meta.description !== undefined ? { description: meta.description } : {}),
    ...(dir !== undefined ? { dir } : {}),
    body,
    disableModelInvocation: meta['disable-model-invocation'] === 'true',
    ...(meta.model !== undefined ? { model: meta.model } : {}),
    asks: meta['allowed-tools'] !== undefined,
  };
}

async function skillsIn(ws: Workspace, root: string): Promise<SkillDef[]> {
  const out: SkillDef[] = [];
  for (const entry of await list(ws, `${root}/.claude/skills`)) {
    const dir = `${root}/.claude/skills/${entry}`;
    const text = await readText(ws, `${dir}/SKILL.md`);
    if (text !== undefined) out.push(define(entry, text, dir));
  }
  return out;
}

async function commandsIn(ws: Workspace, root: string): Promise<SkillDef[]> {
  const out: SkillDef[] = [];
  for (const entry of await list(ws, `${root}/.claude/commands`)) {
    if (!entry.endsWith('.md')) continue;
    const text = await readText(ws, `${root}/.claude/commands/${entry}`);
    if (text !== undefined) out.push(define(entry.slice(0, -3), text, undefined));
  }
  return out;
}

/** Every skill of the session, in precedence order (the first of a name wins). */
export async function discoverSkills(ws: Workspace): Promise<SkillDef[]> {
  const { home, cwd } = ws.info;
  return [
    ...(await skillsIn(ws, home)),
    ...(await skillsIn(ws, cwd)),
    ...(await commandsIn(ws, home)),
    ...(await commandsIn(ws, cwd)),
  ];
}
