// Every family of the generated corpus, in the order they are written and recorded.
import type { Family } from '../types';
import { bashPerm } from './bash-perm';
import { sensitive } from './sensitive';
import { ledger } from './ledger';
import { bashSemantics } from './bash-semantics';
import { readSpecial } from './read-special';

export const FAMILIES: Family[] = [bashPerm, sensitive, ledger, bashSemantics, readSpecial];
