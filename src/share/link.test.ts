import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { parseScenario, type Scenario } from '../scenario/schema';
import { bytesToBase64url } from './base64url';
import {
  decodeLinkFragment,
  describeLinkError,
  encodeLinkFragment,
  looksLikeLink,
  needsClickToRun,
  shareUrl,
  stampScenario,
  type LinkError,
} from './link';
import { DEFAULT_LIMITS } from './limits';

const here = import.meta.dirname;
const typical = parseScenario(JSON.parse(readFileSync(`${here}/fixtures/typical-bug.json`, 'utf8')));
const linkOf = (json: unknown) => `s1.${bytesToBase64url(deflateRawSync(Buffer.from(JSON.stringify(json))))}`;

describe('share link format', () => {
  it('is s1. + unpadded base64url of raw DEFLATE of the stamped scenario JSON', async () => {
    const frag = await encodeLinkFragment(typical);
    expect(frag).toMatch(/^s1\.[A-Za-z0-9_-]+$/);
    const payload = Buffer.from(frag.slice(3), 'base64url');
    expect(JSON.parse(inflateRawSync(payload).toString('utf8'))).toEqual(stampScenario(typical));
  });

  it('stamps format, behaviour version and model', () => {
    const s = stampScenario({ turns: [] });
    expect(s).toEqual({
      format: 'cc-playground/scenario@1',
      version: '2.1.273',
      model: 'claude-opus-5[1m]',
      turns: [],
    });
    expect(stampScenario({ turns: [], model: 'claude-opus-4-6' }).model).toEqual('claude-opus-4-6');
  });

  it('round-trips a scenario, including binary, BOM and CRLF files', async () => {
    const s: Scenario = {
      title: 'round trip <b>not html</b>',
      files: {
        'a.bin': { base64: 'AAEC/f7/' },
        'b.txt': '\ufeffbom\r\ncrlf\r\n',
        'c.txt': { text: 'x\n', crlf: true },
      },
      turns: [[{ name: 'Read', input: { file_path: '$CWD/b.txt' } }]],
    };
    const out = await decodeLinkFragment(`#${await encodeLinkFragment(s)}`);
    expect(out).toEqual({
      ok: true,
      value: {
        scenario: stampScenario(s),
        linkVersion: 's1',
        fromFormat: 'cc-playground/scenario@1',
        runsShell: false,
      },
    });
  });

  it('replaces the fragment of a base URL', async () => {
    const url = await shareUrl('http://x.test/app/?scenario=a#s1.old', typical);
    expect(url).toEqual(`http://x.test/app/?scenario=a#${await encodeLinkFragment(typical)}`);
  });

  it('keeps the typical bug scenario (three small files, five calls) under 2,000 characters', async () => {
    const url = await shareUrl('https://cc-playground.example/', typical);
    console.log(`typical bug scenario (3 files, 5 calls): ${JSON.stringify(typical).length} JSON bytes, link ${url.length} chars`);
    expect(url.length).toBeLessThan(2000);
  });

  it('flags scenarios that would run a shell', async () => {
    const out = await decodeLinkFragment(linkOf({ turns: [[{ name: 'Bash', input: { command: 'ls' } }]] }));
    expect(out.ok && out.value.runsShell).toEqual(true);
    const git = await decodeLinkFragment(linkOf({ git: true, turns: [] }));
    expect(git.ok && git.value.runsShell).toEqual(true);
  });

  it('counts every way a link runs a shell: hooks in any settings, a subagent, Monitor, EnterWorktree', async () => {
    const hook = { hooks: { PreToolUse: [{ matcher: '*', hooks: [{ type: 'command', command: 'touch /tmp/x' }] }] } };
    const read = [[{ name: 'Read', input: { file_path: 'a' } }]];
    const shapes: unknown[] = [
      { settings: hook, turns: read },
      { settings_local: hook, turns: read },
      { user_settings: hook, turns: read },
      { files: { '.claude/settings.json': JSON.stringify(hook) }, turns: read },
      { files: { '.claude/settings.local.json': { text: JSON.stringify(hook) } }, turns: read },
      { home_files: { '.claude/settings.json': { base64: btoa(JSON.stringify(hook)) } }, turns: read },
      { agents: { p: [[{ name: 'Bash', input: { command: 'id' } }]] }, turns: [[{ name: 'Agent', input: { prompt: 'p', description: 'd' } }]] },
      { turns: [[{ name: 'Monitor', input: { command: 'tail -f x', description: 'd' } }]] },
      { turns: [[{ name: 'EnterWorktree', input: {} }]] },
      // None here: an http hook, a settings file of no hooks, a link named like settings.
      { settings: { hooks: { Stop: [{ hooks: [{ type: 'http', url: 'http://x.test' }] }] } }, turns: read },
      { files: { '.claude/settings.json': '{"permissions":{}}', '.claude/x': { symlink: 'settings.json' } }, turns: read },
    ];
    const decoded = await Promise.all(shapes.map((x) => decodeLinkFragment(linkOf(x))));
    expect(decoded.map((d) => d.ok && d.value.runsShell)).toEqual([true, true, true, true, true, true, true, true, true, false, false]);
  });

  it("counts a subagent's calls and turns against the link limits", async () => {
    const many = Array.from({ length: 501 }, () => [{ name: 'Read', input: { file_path: 'a' } }]);
    const agents = { a: many, b: many };
    expect(await decodeLinkFragment(linkOf({ agents, turns: [] }))).toEqual({
      ok: false,
      error: { code: 'over-limit', limit: 'calls', value: 1002, max: 1000 },
    });
    const empty = Array.from({ length: 400 }, () => []);
    expect(await decodeLinkFragment(linkOf({ agents: { a: empty, b: empty }, turns: empty }))).toEqual({
      ok: false,
      error: { code: 'over-limit', limit: 'turns', value: 1200, max: 1000 },
    });
  });
});

describe('running a link', () => {
  it('waits for a click only when it runs a shell on a real-Node backend', () => {
    expect(
      ['memfs', 'webcontainer', 'disk'].map((b) => needsClickToRun({ runsShell: true }, b as 'memfs')),
    ).toEqual([false, true, true]);
    expect(needsClickToRun({ runsShell: false }, 'webcontainer')).toEqual(false);
  });
});

describe('hostile links', () => {
  const decode = (f: string) => decodeLinkFragment(f);
  it('refuses what is not a link', async () => {
    expect(await decode('#scenario=1')).toEqual({ ok: false, error: { code: 'not-a-link' } });
    expect(looksLikeLink('#s1.abc')).toEqual(true);
    expect(looksLikeLink('#top')).toEqual(false);
  });
  it('refuses an unknown link version', async () => {
    expect(await decode('s9.AAAA')).toEqual({ ok: false, error: { code: 'unknown-version', version: 's9' } });
  });
  it('refuses an oversized fragment before looking at it', async () => {
    const frag = `s1.${'A'.repeat(DEFAULT_LIMITS.fragmentChars)}`;
    expect(await decode(frag)).toEqual({
      ok: false,
      error: { code: 'too-long', chars: DEFAULT_LIMITS.fragmentChars + 3, max: DEFAULT_LIMITS.fragmentChars },
    });
  });
  it('refuses characters outside base64url', async () => {
    expect(await decode('s1.abc+/def')).toEqual({ ok: false, error: { code: 'bad-base64' } });
    expect(await decode('s1.')).toEqual({ ok: false, error: { code: 'bad-base64' } });
    expect(await decode('s1.AAAAA')).toEqual({ ok: false, error: { code: 'bad-base64' } });
  });
  it('refuses a truncated link', async () => {
    const full = await encodeLinkFragment(typical);
    expect(await decode(full.slice(0, Math.floor(full.length / 2)))).toEqual({
      ok: false,
      error: { code: 'bad-deflate' },
    });
  });
  it('refuses garbage that is valid base64url', async () => {
    expect(await decode('s1.hello-world_not-deflate')).toEqual({ ok: false, error: { code: 'bad-deflate' } });
  });
  it('refuses deep nesting before anything walks it, and a __proto__ key', async () => {
    const deep = `s1.${bytesToBase64url(deflateRawSync(Buffer.from(`${'['.repeat(100_000)}${']'.repeat(100_000)}`)))}`;
    const refused = await decode(deep);
    expect(refused).toEqual({ ok: false, error: { code: 'bad-json', message: 'nested deeper than 200 levels' } });
    expect(describeLinkError((refused as { error: LinkError }).error)).toEqual(
      'This link is damaged: its data is not valid JSON (nested deeper than 200 levels).',
    );
    const proto = `s1.${bytesToBase64url(deflateRawSync(Buffer.from('{"turns":[],"files":{"__proto__":{"x":"y"}}}')))}`;
    expect(await decode(proto)).toEqual({
      ok: false,
      error: { code: 'bad-json', message: 'the key "__proto__" in files is not allowed' },
    });
  });
  it('refuses files, home files and runner paths that land outside the workspace root', async () => {
    const out = await decode(
      linkOf({
        files: { '../beside-project.txt': 'ok', '../../x': 'no', '/etc/x': 'no', '$ROOT/../y': 'no' },
        home_files: { '../../z': 'no', '../project/fine': 'ok' },
        turns: [[{ touch: '../../t' }, { delete: '/' }]],
      }),
    );
    const message = 'lands outside the workspace or on one of its own folders (only paths inside its root are laid out)';
    expect(out).toEqual({
      ok: false,
      error: {
        code: 'bad-scenario',
        issues: [
          { path: 'files["../../x"]', message },
          { path: 'files["/etc/x"]', message },
          { path: 'files["$ROOT/../y"]', message },
          { path: 'home_files["../../z"]', message },
          { path: 'turns[0][0].touch', message },
          { path: 'turns[0][1].delete', message },
        ],
      },
    });
  });
  it('stops a decompression bomb at the cap, quickly', async () => {
    const bomb = `s1.${bytesToBase64url(deflateRawSync(Buffer.alloc(150 * 1024 * 1024), { level: 9 }))}`;
    expect(bomb.length).toBeLessThan(DEFAULT_LIMITS.fragmentChars);
    const t0 = performance.now();
    const out = await decode(bomb);
    const ms = performance.now() - t0;
    expect(out).toEqual({ ok: false, error: { code: 'too-large', max: DEFAULT_LIMITS.inflatedBytes } });
    expect(ms).toBeLessThan(1000);
  });
  it('refuses text that is not UTF-8 or not JSON', async () => {
    expect(await decode(`s1.${bytesToBase64url(deflateRawSync(Buffer.from([0xff, 0xfe, 0x00])))}`)).toEqual({
      ok: false,
      error: { code: 'bad-utf8' },
    });
    const r = await decode(`s1.${bytesToBase64url(deflateRawSync(Buffer.from('{"turns": [')))}`);
    expect(r.ok ? '' : r.error.code).toEqual('bad-json');
  });
  it('names the key path of a schema error', async () => {
    expect(await decode(linkOf({ turns: [], files: { 'a.txt': { colour: 'red', text: 'x' } } }))).toEqual({
      ok: false,
      error: { code: 'bad-scenario', issues: [{ path: 'files.a.txt.colour', message: 'unknown key' }] },
    });
  });
  it('refuses a small scenario that asks for huge files, many calls or long sleeps', async () => {
    expect(await decode(linkOf({ files: { big: { repeat: 'x', count: 1e12 } }, turns: [] }))).toEqual({
      ok: false,
      error: { code: 'over-limit', limit: 'totalFileBytes', value: 1e12, max: DEFAULT_LIMITS.totalFileBytes },
    });
    const calls = Array.from({ length: 1001 }, () => [{ name: 'Read', input: { file_path: 'a' } }]);
    const r = await decode(linkOf({ turns: calls }));
    expect(r).toEqual({ ok: false, error: { code: 'over-limit', limit: 'calls', value: 1001, max: 1000 } });
    expect(await decode(linkOf({ turns: [[{ sleep: 3_600_000 }]] }))).toEqual({
      ok: false,
      error: { code: 'over-limit', limit: 'sleepMs', value: 3_600_000, max: 30_000 },
    });
    const files = Object.fromEntries(Array.from({ length: 2001 }, (_, i) => [`f${i}`, '']));
    expect(await decode(linkOf({ files, turns: [] }))).toEqual({
      ok: false,
      error: { code: 'over-limit', limit: 'files', value: 2001, max: 2000 },
    });
  });
  it('refuses an unknown behaviour version or scenario format', async () => {
    expect(await decode(linkOf({ version: '9.9.9', turns: [] }))).toEqual({
      ok: false,
      error: { code: 'unknown-behaviour-version', version: '9.9.9' },
    });
    const objectNames = ['toString', 'constructor', '__proto__', 'hasOwnProperty'];
    expect(await Promise.all(objectNames.map((version) => decode(linkOf({ version, turns: [] }))))).toEqual(
      objectNames.map((version) => ({ ok: false, error: { code: 'unknown-behaviour-version', version } })),
    );
    expect(await decode(linkOf({ format: 'cc-playground/scenario@7', turns: [] }))).toEqual({
      ok: false,
      error: { code: 'unknown-format', format: 'cc-playground/scenario@7' },
    });
  });
  it('words every error for people', () => {
    expect(describeLinkError({ code: 'too-large', max: 4 * 1024 * 1024 })).toEqual(
      'This link decompresses to more than 4,194,304 bytes and was refused.',
    );
    expect(describeLinkError({ code: 'over-limit', limit: 'calls', value: 1001, max: 1000 })).toEqual(
      'This link asks for 1,001 tool calls; the limit is 1,000.',
    );
  });
});

describe('gallery scenarios as links', () => {
  it('prints their sizes', async () => {
    const dir = `${here}/../../conformance/scenarios`;
    const rows: [string, number, number][] = [];
    for (const f of readdirSync(dir).sort()) {
      const json = readFileSync(`${dir}/${f}`, 'utf8');
      const url = await shareUrl('https://cc-playground.example/', parseScenario(JSON.parse(json)));
      rows.push([f.replace(/\.json$/, ''), json.length, url.length]);
    }
    const pick = [
      'edit-crlf-file',
      'edit-curly-in-old-string',
      'grep-content',
      'grep-context-C',
      'bash-git-status',
      'perm-default-bash-readonly',
      'glob-truncation-100',
      'read-ipynb-large-output',
    ];
    const shown = rows.filter((r) => pick.includes(r[0]) || r[2] >= 2000);
    const sorted = rows.map((r) => r[2]).sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)] as number;
    const table = [
      '| scenario | JSON bytes | link chars |',
      '|---|---:|---:|',
      ...shown.map((r) => `| ${r[0]} | ${r[1]} | ${r[2]} |`),
    ].join('\n');
    console.log(
      `${table}\n${rows.length} gallery scenarios: median link ${median} chars, max ${sorted[sorted.length - 1]}, ${rows.filter((r) => r[2] < 2000).length} under 2,000`,
    );
    expect(rows.every((r) => r[2] > 0)).toEqual(true);
  });
});
