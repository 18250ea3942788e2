// File trees: encodings (BOMs, UTF-16LE, Latin-1), line endings, symlinks (to files, to folders,
// dangling), binary files, empty files, notebooks, long lines; read, edited, written and listed.
import type { Call, Dimension, JsonObject } from '../types';

const KINDS: Record<string, JsonObject | string> = {
  crlf: { text: 'one\ntwo\nthree\n', crlf: true },
  bom: { text: 'one\ntwo\n', bom: true },
  crlfbom: { text: 'one\ntwo\n', crlf: true, bom: true },
  utf16: { utf16le: 'one\ntwo\n' },
  latin1: { base64: 'b25lIGNhZunpCnR3bwo=' },
  binary: { base64: 'AAECAwQFBgcICQoLDA0ODw==' },
  empty: '',
  nonl: 'one\ntwo',
  cr: { base64: 'b25lDXR3bw0=' },
  mixed: { base64: 'b25lDQp0d28KdGhyZWUNCg==' },
  long: { repeat: 'ab', count: 3000 },
  tabs: 'a\tb\n\tc\n',
  notebook: JSON.stringify({
    cells: [
      {
        cell_type: 'code',
        id: 'c1',
        metadata: {},
        source: ['one\n', 'two'],
        outputs: [],
        execution_count: null,
      },
    ],
    metadata: {},
    nbformat: 4,
    nbformat_minor: 5,
  }),
};

export const files: Dimension = {
  name: 'files',
  varies:
    'encodings, line endings, symlinks, binary, empty, notebooks, long lines x Read/Edit/Write/Bash on them',
  combinable: true,
  sample(rng) {
    const kind = rng.pick(Object.keys(KINDS));
    const name = kind === 'notebook' ? 'f.ipynb' : 'f.txt';
    const tree: JsonObject = { [name]: KINDS[kind] as JsonObject, 'dir/in.txt': 'in\n' };
    const link = rng.pick([null, 'f', 'dir', 'missing']);
    if (link === 'f') tree['link.txt'] = { symlink: name };
    if (link === 'dir') tree['dlink'] = { symlink: 'dir' };
    if (link === 'missing') tree['link.txt'] = { symlink: 'nowhere.txt' };
    const target = link === 'f' || link === 'missing' ? 'link.txt' : name;
    const p = `$CWD/${target}`;
    const options: Call[] = [
      { name: 'Read', input: { file_path: p } },
      { name: 'Read', input: { file_path: p, offset: 2, limit: 1 } },
      { name: 'Edit', input: { file_path: p, old_string: 'two', new_string: 'TWO' } },
      { name: 'Write', input: { file_path: p, content: 'new\r\ncontent\n' } },
      { name: 'Bash', input: { command: `cat ${target} | od -c | head -n 3` } },
      { name: 'Bash', input: { command: `wc -c ${target}` } },
      { name: 'Grep', input: { pattern: 'two', output_mode: 'content', '-n': true } },
      { name: 'Glob', input: { pattern: '**/*' } },
      { name: 'Read', input: { file_path: '$CWD/dlink/in.txt' } },
    ];
    if (kind === 'notebook')
      options.push({ name: 'NotebookEdit', input: { notebook_path: p, cell_id: 'c1', new_source: 'x = 1' } });
    const turns: Call[][] = [];
    if (rng.chance(0.6)) turns.push([{ name: 'Read', input: { file_path: p } }]);
    for (let i = 1 + rng.int(2); i > 0; i--) turns.push([rng.pick(options)]);
    return { files: tree, turns, note: `${kind} link=${link}` };
  },
};
