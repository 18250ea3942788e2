// What a prompt for a Bash call suggests: prefix rules for "always allow", and the
// permission_suggestions a PermissionRequest hook is given when a command was refused for a path.
import { analyze } from '../../permissions/shell/analyze';
import { parseCommand } from '../../permissions/shell/parse';
import { ACCEPT_EDITS } from '../files/suggest';
import type { HookPrompt, RuleSuggester } from '../types';

/** Commands whose first argument is a subcommand (`git commit`, `npm run`): their prefix rule
 * keeps it, so allowing `git status` does not allow `git push`. */
const SUBCOMMANDS = new Set([
  'git',
  'npm',
  'pnpm',
  'yarn',
  'bun',
  'cargo',
  'go',
  'docker',
  'kubectl',
  'pip',
  'pip3',
  'gh',
  'uv',
  'poetry',
  'deno',
  'brew',
  'apt',
  'apt-get',
  'make',
  'npx',
  'dotnet',
  'mvn',
  'gradle',
]);
/** `npm run <script>`: the script is part of the prefix too. */
const RUNNERS = new Set(['run', 'run-script', 'exec', 'x']);
const plainWord = (v: string | null): v is string => v !== null && /^[A-Za-z0-9][\w.:@+-]*$/.test(v);

/** The rule for one simple command: `Bash(<prefix>:*)`, where the prefix is the command name
 * (with its subcommand, and for `npm run` the script); the command itself when its name is not
 * static or env assignments lead it (allow rules never see through those). */
export function bashRuleFor(command: string, home: string): string {
  const exact = `Bash(${command})`;
  const parsed = parseCommand(command);
  if (!parsed.ok) return exact;
  const unit = analyze(parsed.script, home).units.find((u) => !u.shadow && !u.strictOnly);
  const name = unit?.words[0]?.value ?? null;
  if (!unit || unit.assignments.length > 0 || !plainWord(name)) return exact;
  const words = [name];
  const [, sub, script] = unit.words.map((w) => w.value);
  if (SUBCOMMANDS.has(name) && plainWord(sub ?? null) && !sub?.startsWith('-')) {
    words.push(sub as string);
    if (RUNNERS.has(sub as string) && plainWord(script ?? null) && !script?.startsWith('-'))
      words.push(script as string);
  }
  return `Bash(${words.join(' ')}:*)`;
}

/** A prefix rule per part of the command that asked (the whole command without parts). */
export const bashRules: RuleSuggester = (req, where) =>
  (where.parts?.length ? where.parts : [req.command ?? '']).map((c) => bashRuleFor(c, where.home));

/** A file command refused for its path suggests adding the project as a working directory and
 * acceptEdits (hook-permreq-suggestions); other prompts get the session's rules. */
export function bashHookSuggestions(_input: unknown, prompt: HookPrompt): Record<string, unknown>[] | undefined {
  if (!/ in '[^']*' (was blocked|needs approval)/.test(prompt.message ?? '')) return undefined;
  return [{ type: 'addDirectories', directories: [prompt.cwd], destination: 'session' }, ACCEPT_EDITS];
}
