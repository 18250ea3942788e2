// Edit and Write on files whose encoding 2.1.332 will not rewrite (issue 13 probes on both
// versions; readspecial 0266, 0278, 0279): NUL bytes in the first 8 KB, or any bytes that are not
// UTF-8. The check comes before the read-state check; Write's refusal is not wrapped.
import { describe, expect, it } from 'vitest';
import { createMemfsWorkspace } from '../../backends/memfs';
import { replayScenario } from '../../session/replay';
import { createPermissions } from '../../session/wiring';
import { ALL_TOOLS } from '../registry';

const b64 = (...parts: (string | number[])[]) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p)))).toString('base64');

const files = {
  'latin1.txt': { base64: b64('caf\xe9 e\n') },
  'late.txt': { base64: b64(`${'e'.repeat(69999)}\n`, 'x\xe9 e\n') },
  'bom8.txt': { base64: b64([0xef, 0xbb, 0xbf], 'caf\xe9 e\n') },
  'nul.txt': { base64: b64('e\0 e\n') },
  'utf16.txt': { base64: b64([0xff, 0xfe], Buffer.from('e e\n', 'utf16le').toString('latin1')) },
  'w.txt': { base64: b64('caf\xe9 e\n') },
};
const edit = (f: string, old = ' e') => ({ name: 'Edit', input: { file_path: `$CWD/${f}`, old_string: old, new_string: ' E' } });
const read = (f: string) => ({ name: 'Read', input: { file_path: `$CWD/${f}` } });
const turns = [
  [edit('latin1.txt')],
  [read('late.txt')],
  [edit('late.txt')],
  [read('bom8.txt')],
  [edit('bom8.txt', 'zzz')],
  [edit('nul.txt')],
  [read('utf16.txt')],
  [edit('utf16.txt')],
  [{ name: 'Write', input: { file_path: '$CWD/w.txt', content: 'new\n' } }],
];

async function run(version: string) {
  const { result } = await replayScenario(
    createMemfsWorkspace(),
    { id: 'enc', area: 'edit', description: 'enc', version, mode: 'bypassPermissions', files, turns },
    'enc',
    { tools: ALL_TOOLS, permissions: createPermissions },
  );
  return result.turns
    .map((t) => t.calls[0]!)
    .filter((c) => c.tool !== 'Read')
    .map((c) => [c.tool, c.is_error, c.content]);
}

const tail =
  "These tools write UTF-8 (or UTF-16LE behind its byte-order mark) and never convert a file's encoding on their own, so nothing was written. If the file is text, make the change with a shell command that reads and writes it in its own encoding (iconv, or PowerShell Get-Content/Set-Content -Encoding), or ask the user whether to convert it to UTF-8 first. To replace the whole file with new UTF-8 text anyway, delete it first, then Write it.";
const legacy = `File is not valid UTF-8: it uses a legacy encoding such as Windows-1252, Shift-JIS or GBK, or it is binary. ${tail}`;
const nul = `File has NUL bytes in its first 8 KB: binary data, UTF-16/UTF-32 without a byte-order mark, or text with embedded NULs. ${tail}`;
const CURRENT = '(file state is current in your context — no need to Read it back)';

describe('files Edit and Write will not rewrite', () => {
  it('2.1.332 refuses them before anything about reading or matching', async () => {
    expect(await run('2.1.332')).toEqual([
      ['Edit', true, `<tool_use_error>${legacy}</tool_use_error>`],
      ['Edit', true, `<tool_use_error>${legacy}</tool_use_error>`],
      ['Edit', true, `<tool_use_error>${legacy}</tool_use_error>`],
      ['Edit', true, `<tool_use_error>${nul}</tool_use_error>`],
      ['Edit', false, `The file $CWD/utf16.txt has been updated successfully. ${CURRENT}`],
      ['Write', true, legacy],
    ]);
  });

  // In bypassPermissions mode 2.1.273 also edits a file never read (recorded in the same probes).
  it('2.1.273 edits them like any file', async () => {
    expect(await run('2.1.273')).toEqual([
      ['Edit', false, `The file $CWD/latin1.txt has been updated successfully. ${CURRENT}`],
      ['Edit', false, `The file $CWD/late.txt has been updated successfully. ${CURRENT}`],
      ['Edit', true, '<tool_use_error>String to replace not found in file.\nString: zzz</tool_use_error>'],
      ['Edit', false, `The file $CWD/nul.txt has been updated successfully. ${CURRENT}`],
      ['Edit', false, `The file $CWD/utf16.txt has been updated successfully. ${CURRENT}`],
      ['Write', false, `The file $CWD/w.txt has been updated successfully. ${CURRENT}`],
    ]);
  });
});
