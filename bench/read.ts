// Read of one page of a 100,000-line file on memfs (DESIGN §5: tens of milliseconds).
// `npx tsx bench/read.ts`
import { createMemfsWorkspace } from '../src/backends/memfs';
import { Ledger } from '../src/ledger/ledger';
import { getProfile } from '../src/profiles';
import { Session } from '../src/session/engine';
import { allowAll } from '../src/session/permissions';
import { readTool } from '../src/tools/read';

const ws = createMemfsWorkspace();
const file = `${ws.info.cwd}/big.log`;
const text = Array.from({ length: 100_000 }, (_, i) => `${i + 1} ${'lorem ipsum dolor sit amet '.repeat(2)}`).join('\n') + '\n';
ws.vol.writeFileSync(file, text);

const session = new Session({
  ws,
  profile: getProfile('2.1.273'),
  model: 'claude-opus-5[1m]',
  tools: [readTool],
  offered: new Set(['Read']),
  withheld: {},
  permissions: allowAll,
  ledger: new Ledger(),
  env: {},
});

const times: number[] = [];
for (let i = 0; i < 30; i++) {
  const t0 = performance.now();
  // A different page each time, so the repeat guard never answers instead.
  const rec = await session.runModelCall([{ id: `toolu_${i}`, name: 'Read', input: { file_path: file, offset: 50_000 + i * 1000, limit: 1000 } }]);
  times.push(performance.now() - t0);
  if (rec.calls[0]?.rendered.is_error) throw new Error(String(rec.calls[0].rendered.content));
}
const sorted = [...times].sort((a, b) => a - b);
const ms = (n: number) => `${n.toFixed(1)} ms`;
console.log(`Read one 1000-line page of a 100,000-line file (${(text.length / 1e6).toFixed(1)} MB) on memfs: first ${ms(times[0] ?? 0)}, median ${ms(sorted[15] ?? 0)}, max ${ms(sorted[29] ?? 0)}`);
