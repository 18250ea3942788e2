// Every family of the generated corpus, in the order they are written and recorded.
import type { Family } from '../types';
import { bashPerm } from './bash-perm';

export const FAMILIES: Family[] = [bashPerm];
