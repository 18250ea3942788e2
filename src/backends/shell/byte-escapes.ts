// printf's `\377` and `\xff`, and echo -e's `\0377` and `\xff`, are one byte in bash; just-bash
// writes the character U+00FF, which reaches a file or a pipe as two UTF-8 bytes (`printf '\377'
// | wc -c` gave 2). Such escapes are swapped for private-use marks before just-bash runs, and
// the marks in its output become the bytes.
import { defineCommand, type Command, type ExecResult } from 'just-bash';
import { formatConversions, withFloats } from './printf-float';
import { errorsFirst } from './order';
import { bytesStdout, utf8AsLatin1 } from './bytes';
import { noOriginal } from './fixes';

const MARK = 0xf700;

/** `text` with each escape `octal` or `\xHH` names of a byte 0x80–0xFF as its mark; `\\` is kept. */
function marked(text: string, octal: RegExp): string {
  return text.replace(new RegExp(`\\\\\\\\|${octal.source}|\\\\x([0-9a-fA-F]{1,2})`, 'g'), (m, o?: string, h?: string) => {
    const value = o !== undefined ? parseInt(o, 8) : h !== undefined ? parseInt(h, 16) : -1;
    return value >= 0x80 && value <= 0xff ? String.fromCharCode(MARK + value) : m;
  });
}

/** The output as bytes where it holds marks: marks are their bytes, the rest UTF-8. */
function unmarked(r: ExecResult): ExecResult {
  if (!/[\uf780-\uf7ff]/.test(r.stdout)) return r;
  let latin1 = '';
  for (const c of r.stdout) {
    const code = c.codePointAt(0) as number;
    if (code >= MARK + 0x80 && code <= MARK + 0xff) latin1 += String.fromCharCode(code - MARK);
    else latin1 += utf8AsLatin1(c);
  }
  return { ...r, ...bytesStdout(latin1) };
}

/** printf: the escapes of its format and of the arguments its %b takes (`-v VAR` aside: the
 * variable keeps just-bash's text). */
const printfCommand: Command = defineCommand('printf', async (args, ctx) => {
  const orig = ctx.origCommand;
  if (orig === undefined) return noOriginal('printf');
  const at = args[0] === '--' ? 1 : 0;
  if (args[at] === undefined || args[0] === '-v') return orig(args);
  const floats = withFloats(args[at], args.slice(at + 1));
  const format = floats?.format ?? args[at];
  const values = floats?.values ?? args.slice(at + 1);
  // The arguments a %b takes, as the format is used again until they run out.
  const conversions = formatConversions(format).map((m) => m[4]);
  const changed = [
    marked(format, /\\([0-7]{1,3})/),
    ...values.map((v, k) => (conversions[k % conversions.length] === 'b' ? marked(v, /\\0?([0-7]{1,3})/) : v)),
  ];
  const r =
    !floats && changed.every((c, k) => c === args[at + k])
      ? await orig(args)
      : unmarked(await orig([...args.slice(0, at), ...changed]));
  // bash's printf says which shell it is, and writes its output after its errors.
  const stderr = (floats?.errors ?? '') + r.stderr.replace(/^printf: /gm, 'bash: printf: ');
  if (stderr === '') return r;
  return errorsFirst({ ...r, stderr, exitCode: floats?.errors ? Math.max(r.exitCode, 1) : r.exitCode });
});

/** echo: with -e (alone or among n and E), its operands' `\0NNN` and `\xHH` escapes. */
const echoCommand: Command = defineCommand('echo', async (args, ctx) => {
  const orig = ctx.origCommand;
  if (orig === undefined) return noOriginal('echo');
  let i = 0;
  let escapes = false;
  for (; i < args.length && /^-[neE]+$/.test(args[i] as string); i++)
    for (const c of (args[i] as string).slice(1)) escapes = c === 'e' ? true : c === 'E' ? false : escapes;
  if (!escapes) return orig(args);
  const rest = args.slice(i).map((a) => marked(a, /\\0([0-7]{0,3})/));
  if (rest.every((a, k) => a === args[i + k])) return orig(args);
  return unmarked(await orig([...args.slice(0, i), ...rest]));
});

export const byteEscapeCommands: Command[] = [printfCommand, echoCommand];
