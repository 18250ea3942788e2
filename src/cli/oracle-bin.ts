// A release's binary for the intake and the bisection: the platform package fetched with npm pack
// (deleted after use), or one already unpacked; and the oracle run on it.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

export const ROOT = join(import.meta.dirname, '../..');
/** The places the intake and the bisection write. */
export const RESULTS = join(ROOT, 'conformance/results');
export const SCENARIOS = join(ROOT, 'conformance/scenarios');
export const CHANGELOG = join(ROOT, 'conformance/changelog.json');
export const REGISTRY = join(ROOT, 'src/profiles/releases.json');

/** `--bin`, `<bins>/<version>/package/claude` when it is there, or the platform package fetched
 * into `dl`; `cleanup` deletes what was fetched. */
export function releaseBinary(
  version: string,
  dl: string,
  opts: { bin?: string; bins?: string; log?: (text: string) => void } = {},
): { bin: string; cleanup: () => void } {
  if (opts.bin) return { bin: opts.bin, cleanup: () => {} };
  const unpacked = opts.bins && join(opts.bins, version, 'package/claude');
  if (unpacked && existsSync(unpacked)) return { bin: unpacked, cleanup: () => {} };
  mkdirSync(dl, { recursive: true });
  opts.log?.(`npm pack @anthropic-ai/claude-code-linux-x64@${version}`);
  const tgz = execFileSync('npm', ['pack', '--silent', `@anthropic-ai/claude-code-linux-x64@${version}`], { cwd: dl, encoding: 'utf8' }).trim();
  execFileSync('tar', ['xzf', tgz, 'package/claude'], { cwd: dl });
  rmSync(join(dl, tgz));
  return { bin: join(dl, 'package/claude'), cleanup: () => rmSync(dl, { recursive: true, force: true }) };
}

export function oracle(args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('node', [join(ROOT, 'oracle/run.mjs'), ...args], { stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`oracle exited with ${code}`))));
  });
}
