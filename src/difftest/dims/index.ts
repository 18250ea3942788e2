// The grammar's dimensions and their weights: one table. Adding a dimension is one module and
// one row here (and a line in ../README.md).
import type { Dimension } from '../types';
import { rules } from './rules';
import { shell } from './shell';
import { hooks } from './hooks';
import { sandbox } from './sandbox';
import { web } from './web';
import { files } from './files';
import { workspace } from './workspace';
import { tasks } from './tasks';
import { models } from './models';

export const DIMENSIONS: readonly (readonly [number, Dimension])[] = [
  [25, rules],
  [25, shell],
  [12, hooks],
  [8, sandbox],
  [8, web],
  [10, files],
  [12, workspace],
  [10, tasks],
  [8, models],
];
