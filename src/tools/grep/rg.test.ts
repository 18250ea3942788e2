// deniedPaths asks about each result path at most once: through the probe's batch form when
// the session offers it, else one request for all paths and, if refused, one per path.
import { describe, expect, it } from 'vitest';
import type { ReadBatch } from '../../permissions/filter';
import type { PermissionRequest, ToolContext } from '../types';
import { binaryGlobSyntax, deniedPaths } from './rg';

const PATHS = ['/p/a.md', '/p/b.ts', '/p/a.md', '/p/c.md', '/p/d.ts'];

function context(batch?: (b: ReadBatch) => Promise<Set<string>>): { ctx: ToolContext; asked: string[][] } {
  const asked: string[][] = [];
  const permissions = {
    wouldAllow: (req: PermissionRequest) => {
      asked.push(req.paths);
      return Promise.resolve(!req.paths.some((p) => p.endsWith('.md')));
    },
    ...(batch ? { readDenied: batch } : {}),
  };
  // deniedPaths reads nothing of the context but its permission probe.
  return { ctx: { permissions } as unknown as ToolContext, asked };
}

describe('deniedPaths', () => {
  it('asks once for all paths, then once per distinct path', async () => {
    const { ctx, asked } = context();
    expect([...(await deniedPaths(PATHS, 'Grep', {}, ctx))]).toEqual(['/p/a.md', '/p/c.md']);
    expect(asked).toEqual([
      ['/p/a.md', '/p/b.ts', '/p/c.md', '/p/d.ts'],
      ['/p/a.md'],
      ['/p/b.ts'],
      ['/p/c.md'],
      ['/p/d.ts'],
    ]);
  });

  it('asks one request when nothing is refused, none for no paths', async () => {
    const { ctx, asked } = context();
    expect([...(await deniedPaths(['/p/b.ts', '/p/d.ts'], 'Glob', {}, ctx))]).toEqual([]);
    expect([...(await deniedPaths([], 'Glob', {}, ctx))]).toEqual([]);
    expect(asked).toEqual([['/p/b.ts', '/p/d.ts']]);
  });

  it('hands the distinct paths to the batch form when the probe has one', async () => {
    const batches: ReadBatch[] = [];
    const { ctx, asked } = context((b) => {
      batches.push(b);
      return Promise.resolve(new Set(['/p/c.md']));
    });
    expect([...(await deniedPaths(PATHS, 'Glob', { pattern: '**' }, ctx))]).toEqual(['/p/c.md']);
    expect(batches).toEqual([
      { tool: 'Glob', paths: ['/p/a.md', '/p/b.ts', '/p/c.md', '/p/d.ts'], input: { pattern: '**' } },
    ]);
    expect(asked).toEqual([]);
  });
});

describe('binaryGlobSyntax', () => {
  it('refuses a brace group inside a group, quoting the glob as given', () => {
    expect(binaryGlobSyntax(['--files', '--glob', 'src/{a,{b,c}}.*', '/p'])).toEqual({
      diagnostic: "rg: error parsing glob 'src/{a,{b,c}}.*': nested alternate groups are not allowed",
    });
  });
  it('escapes a closing brace with no open group, and leaves classes, escapes and flat groups alone', () => {
    expect(binaryGlobSyntax(['--glob', 'a}b', '--glob', '[{]}', '--glob', '\\{x}', '--glob', '{a,b}', 'pat'])).toEqual({
      args: ['--glob', 'a\\}b', '--glob', '[{]\\}', '--glob', '\\{x\\}', '--glob', '{a,b}', 'pat'],
    });
  });
});
