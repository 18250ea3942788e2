// tac, file and awk where an operand cannot be opened, as GNU tac, file 5 and mawk (the awk of
// the binary's host) report it (recorded with a missing file among the operands).
import { defineCommand, type Command, type ExecResult } from 'just-bash';
import { bytesStdout, stdoutLatin1 } from './bytes';
import { errorsFirst, operandIndexes } from './order';

const notFound = (name: string): ExecResult => ({ stdout: '', stderr: `bash: ${name}: command not found\n`, exitCode: 127 });

/** tac reverses each file on its own (just-bash's reads only the first of several) and names one
 * it cannot open "failed to open 'x' for reading". */
export const tacCommand: Command = defineCommand('tac', async (args, ctx) => {
  const orig = ctx.origCommand;
  if (orig === undefined) return notFound('tac');
  const reword = (e: string) =>
    e.replace(/^tac: (.*): No such file or directory$/gm, "tac: failed to open '$1' for reading: No such file or directory");
  const at = operandIndexes(args, { short: 's', long: ['--separator'] });
  if (at.length < 2) {
    const r = await orig(args);
    return { ...r, stderr: reword(r.stderr) };
  }
  const options = args.filter((_, i) => !at.includes(i));
  let stdout = '';
  let stderr = '';
  let exitCode = 0;
  for (const i of at) {
    const r = await orig([...options, args[i] as string]);
    stdout += stdoutLatin1(r);
    stderr += reword(r.stderr);
    exitCode = Math.max(exitCode, r.exitCode);
  }
  return { ...bytesStdout(stdout), stderr, exitCode };
});

/** file lines its descriptions up after the longest name, and a file it cannot open is a
 * description like any other (exit 0). */
export const fileCommand: Command = defineCommand('file', async (args, ctx) => {
  const orig = ctx.origCommand;
  if (orig === undefined) return notFound('file');
  const r = await orig(args);
  if (args.some((a) => /^-[^-]*b/.test(a) || a === '--brief')) return r;
  const names = operandIndexes(args, { short: 'fmeFP', long: ['--files-from', '--magic-file', '--exclude', '--separator'] }).map(
    (i) => args[i] as string,
  );
  const width = Math.max(0, ...names.map((n) => n.length));
  const rows = (r.stdout + r.stderr).split('\n').filter((l) => l !== '');
  let unopened = 0;
  const lines = rows.map((line) => {
    const name = names.find((n) => line.startsWith(`${n}: `));
    if (name === undefined) return line;
    let said = line.slice(name.length + 2).trimStart();
    if (said.startsWith('cannot open (')) {
      said = `cannot open \`${name}' ${said.slice('cannot open '.length)}`;
      unopened++;
    }
    return `${name}:${' '.repeat(width - name.length + 1)}${said}`;
  });
  const failed = r.exitCode !== 0 && unopened === 0;
  return { stdout: lines.map((l) => `${l}\n`).join(''), stderr: '', exitCode: failed ? r.exitCode : 0 };
});

/** mawk stops at an input it cannot open (exit 2) and keeps what it printed before until it
 * exits, so the error comes first. */
export const awkCommand: Command = defineCommand('awk', async (args, ctx) => {
  const orig = ctx.origCommand;
  if (orig === undefined) return notFound('awk');
  let programGiven = false;
  let first = -1;
  for (let i = 0; i < args.length; i++) {
    const a = args[i] as string;
    if (a === '--') {
      first = i + 1;
      break;
    }
    if (/^-[Fvf W]$/.test(a)) {
      if (a === '-f') programGiven = true;
      i++;
    } else if (/^-[Fvf]/.test(a)) {
      if (a.startsWith('-f')) programGiven = true;
    } else if (a === '-' || !a.startsWith('-')) {
      first = i;
      break;
    }
  }
  if (first === -1) return orig(args);
  const inputs = first + (programGiven ? 0 : 1);
  for (let i = inputs; i < args.length; i++) {
    const a = args[i] as string;
    if (a === '-' || /^[A-Za-z_]\w*=/.test(a)) continue;
    if (await ctx.fs.exists(ctx.fs.resolvePath(ctx.cwd, a))) continue;
    const before = i > inputs ? await orig(args.slice(0, i)) : { stdout: '', stderr: '', exitCode: 0 };
    return errorsFirst({ ...before, stderr: `awk: cannot open ${a} (No such file or directory)\n${before.stderr}`, exitCode: 2 });
  }
  return orig(args);
});
