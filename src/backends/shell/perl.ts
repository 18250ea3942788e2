// A perl that runs only the line loops whose script does nothing but print: `perl -ne print
// FILE`, `perl -pe '' FILE`, `perl -lne print`. That is how commands read files through perl
// (the permission checks treat them so); a Perl interpreter is out of scope, so any other script
// says it is not supported, as the in-memory git does for its missing subcommands. Texts and exit
// codes: perl 5.38 on the binary's host (probe.mjs).
import { defineCommand, type Command, type ExecResult } from 'just-bash';

const unsupported = (what: string): ExecResult => ({
  stdout: '',
  stderr: `perl: ${what} is not supported by the in-memory workspace's perl (only -n/-p with an empty or \`print\` script)\n`,
  exitCode: 1,
});

export const perlCommand: Command = defineCommand('perl', async (args, ctx) => {
  let loop: '' | 'n' | 'p' = '';
  let chompLines = false;
  const code: string[] = [];
  let i = 0;
  for (; i < args.length; i++) {
    const a = args[i] ?? '';
    if (a === '--') {
      i++;
      break;
    }
    if (!a.startsWith('-') || a === '-') break;
    for (let k = 1; k < a.length; k++) {
      const c = a[k] ?? '';
      if (c === 'n') loop = loop === 'p' ? 'p' : 'n';
      else if (c === 'p') loop = 'p';
      else if (c === 'l') chompLines = true;
      else if (c === 'w' || c === 's' || c === 'T' || c === 't') continue;
      else if (c === 'e' || c === 'E') {
        const v = k + 1 < a.length ? a.slice(k + 1) : args[++i];
        if (v === undefined) return { stdout: '', stderr: 'No code specified for -e.\n', exitCode: 25 };
        code.push(v);
        break;
      } else return unsupported(`-${c}`);
    }
  }
  const operands = args.slice(i);
  if (code.length === 0) {
    const script = operands[0];
    if (script === undefined) return unsupported('a script on stdin');
    if (!(await ctx.fs.exists(ctx.fs.resolvePath(ctx.cwd, script))))
      return {
        stdout: '',
        stderr: `Can't open perl script "${script}": No such file or directory\n`,
        exitCode: 2,
      };
    return unsupported('a script file');
  }
  const body = code
    .join('\n')
    .replace(/[\s;]+/g, ' ')
    .trim();
  const prints = body === 'print' || body === 'print $_';
  if (loop === '' || !(prints || body === '')) return unsupported(`the script '${code.join('\n')}'`);
  const echo = loop === 'p' || prints;

  let stdout = '';
  let stderr = '';
  let lineNo = 0;
  const take = (text: string) => {
    const lines = text.match(/[^\n]*\n|[^\n]+$/g) ?? [];
    lineNo += lines.length;
    if (!echo) return;
    for (const l of lines) stdout += chompLines ? `${l.replace(/\n$/, '')}\n` : l;
  };
  const inputs = operands.length === 0 ? ['-'] : operands;
  for (const f of inputs) {
    if (f === '-') {
      take(new TextDecoder().decode(Uint8Array.from(String(ctx.stdin), (ch) => ch.charCodeAt(0))));
      continue;
    }
    const path = ctx.fs.resolvePath(ctx.cwd, f);
    let text: string;
    try {
      const st = await ctx.fs.stat(path);
      // Reading a directory ends at once, without a message.
      if (st.isDirectory) continue;
      text = await ctx.fs.readFile(path);
    } catch {
      // perl warns and goes on; the message names the input line reached so far.
      stderr += `Can't open ${f}: No such file or directory${lineNo > 0 ? ` at -e line 1, <> line ${lineNo}` : ''}.\n`;
      continue;
    }
    take(text);
  }
  return { stdout, stderr, exitCode: 0 };
});
