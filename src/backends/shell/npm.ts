// `npm run <script>`, `npm test`/`npm t`, `npm start`, `npm stop`, `npm restart` over the
// project's package.json (the nearest one above the shell's directory), as npm 11 on the
// binary's host prints them (difftest probe-npm, both versions): a banner `\n> <name>@<version>
// <event>\n> <script and its arguments>\n\n` on stdout before each of pre<event>, <event> and
// post<event>, none with -s/--silent; the script runs in the package's folder; a failing script
// ends the run with its exit code and npm adds nothing to the Bash tool's output. Other npm
// subcommands (install, a missing script) say they are not supported here: their output names
// a log file with the wall-clock time, which no replay can match.
import { defineCommand, type Command, type CommandContext, type ExecResult } from 'just-bash';
import { shellQuote } from './fixes';

const ALIASES: Record<string, string> = {
  t: 'test',
  tst: 'test',
  test: 'test',
  start: 'start',
  stop: 'stop',
  restart: 'restart',
};

const unsupported = (what: string): ExecResult => ({
  stdout: '',
  stderr: `npm: ${what} is not supported by the in-memory workspace's npm (only the scripts of package.json)\n`,
  exitCode: 1,
});

interface Package {
  dir: string;
  id: string;
  scripts: Record<string, string>;
}

async function findPackage(ctx: CommandContext): Promise<Package | undefined> {
  for (let dir = ctx.cwd; ; dir = dir.replace(/\/[^/]*$/, '') || '/') {
    const file = `${dir === '/' ? '' : dir}/package.json`;
    if (await ctx.fs.exists(file)) {
      const json = JSON.parse(await ctx.fs.readFile(file)) as {
        name?: string;
        version?: string;
        scripts?: Record<string, string>;
      };
      const id = json.name ? `${json.name}${json.version ? `@${json.version}` : ''} ` : '';
      return { dir, id, scripts: json.scripts ?? {} };
    }
    if (dir === '/') return undefined;
  }
}

export const npmCommand: Command = defineCommand('npm', async (args, ctx) => {
  if (!ctx.exec) return unsupported('running scripts here');
  const silent = args.some((a) => a === '-s' || a === '--silent');
  const dashes = args.indexOf('--');
  const words = (dashes === -1 ? args : args.slice(0, dashes)).filter((a) => !a.startsWith('-'));
  const extra = dashes === -1 ? [] : args.slice(dashes + 1);
  const [sub, name] = words;
  const event = sub === 'run' || sub === 'run-script' ? name : ALIASES[sub ?? ''];
  if (event === undefined)
    return unsupported(sub === 'run' ? '`npm run` without a script' : `\`npm ${sub ?? ''}\``);
  let pkg: Package | undefined;
  try {
    pkg = await findPackage(ctx);
  } catch {
    return unsupported('a package.json that is not JSON');
  }
  if (!pkg || pkg.scripts[event] === undefined) return unsupported(`a missing script (${event})`);
  const found = pkg;
  let stdout = '';
  let stderr = '';
  for (const [step, withArgs] of [
    [`pre${event}`, false],
    [event, true],
    [`post${event}`, false],
  ] as const) {
    const script = found.scripts[step];
    if (script === undefined) continue;
    const shown = withArgs && extra.length ? `${script} ${extra.join(' ')}` : script;
    if (!silent) stdout += `\n> ${found.id}${step}\n> ${shown}\n\n`;
    const run = withArgs && extra.length ? `${script} ${extra.map(shellQuote).join(' ')}` : script;
    const r = await ctx.exec(run, { cwd: found.dir, stdin: '' });
    stdout += r.stdout;
    stderr += r.stderr;
    if (r.exitCode !== 0) return { stdout, stderr, exitCode: r.exitCode };
  }
  return { stdout, stderr, exitCode: 0 };
});
