// Paths as the file tools (Write, Edit, NotebookEdit) take them.
import { dirname, resolve } from 'pathe';
import { expandPath } from '../../text/paths';
import type { ToolContext } from '../types';

/** The tool's path, absolute: ~ expanded, a relative one taken from the shell's directory. */
export function resolvePath(p: string, ctx: ToolContext): string {
  return expandPath(p, ctx.conversation.cwd, ctx.ws.info.home);
}

/** The absolute path a symlink points to (its text resolved against the link's directory). */
export async function symlinkTarget(path: string, ctx: ToolContext): Promise<string> {
  return resolve(dirname(path), await ctx.ws.fs.readlink(path));
}
