// An outside edit as the saved session keeps it. Loaded with import() when the first edit is
// saved: the path library comes with the runtime, not with the first paint.
import { relative, resolve } from 'pathe';
import type { OutsideEdit } from './persist';

/** The edit of the file at `absPath`: its path taken relative to the project directory. */
export const outsideEditOf = (cwd: string, absPath: string, text: string): OutsideEdit => ({
  path: relative(cwd, resolve(cwd, absPath)),
  text,
});
