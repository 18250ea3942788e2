// Path handling shared by the tools: `~` expansion and resolution against the cwd, as Claude
// Code does before it touches a file.
import { isAbsolute, normalize, resolve } from 'pathe';

export function expandPath(p: string, cwd: string, home: string): string {
  if (p === '~') return home;
  if (p.startsWith('~/')) return normalize(`${home}/${p.slice(2)}`);
  return isAbsolute(p) ? normalize(p) : resolve(cwd, p);
}
