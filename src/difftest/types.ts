// The pieces a dimension contributes to a scenario (the oracle's scenario format, see
// oracle/README.md), merged by the grammar into one scenario.
import type { Rng } from '../../conformance/generate/rng';
import type { Profile } from '../profiles';

export type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
export type JsonObject = { [k: string]: Json };

export interface Call {
  name: string;
  input: JsonObject;
}

/** A wait before the turn's calls, on the scenario's clock (the oracle's `sleep` item). */
export interface Wait {
  sleep: number;
}

export type Item = Call | Wait;

/** What one dimension adds: files, settings and turns (one array of calls per turn). */
export interface Piece {
  files?: JsonObject;
  settings?: JsonObject;
  user_settings?: JsonObject;
  mode?: string;
  /** The session's model (the first piece that names one). */
  model?: string;
  trust?: boolean;
  git?: boolean;
  tools?: string[];
  web?: JsonObject;
  env?: Record<string, string>;
  timeout?: number;
  turns: Item[][];
  /** One line saying what was drawn (kept in the scenario's description). */
  note: string;
}

export interface Dimension {
  name: string;
  /** What it varies, for the README and --help. */
  varies: string;
  /** Whether it can be combined with another dimension in one scenario (a web or hooks
   * dimension needs its own tool set or settings shape). */
  combinable: boolean;
  /** Programs the recording host must have for the binary to behave as it does for users
   * (without bwrap and socat the binary turns the sandbox off and says so on stderr). */
  needs?: string[];
  /** Whether a release's recordings of this dimension are only faithful made as an unprivileged
   * user (from its profile: the sandbox of some releases does not run under root). */
  unprivilegedOnly?: (profile: Profile) => boolean;
  sample(rng: Rng): Piece;
}
