// The permission prompt that stands in the composer's place while a composed call asks. Three
// answers, as Claude Code's own prompt has them: allow once (Enter or 1), always allow, which
// adds the suggested rule to local settings (2), and deny (Esc or 3). Passive: the prompt in,
// the answer out. It takes the focus when it appears; arrow keys move between the answers.
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { structuredPatch } from 'diff';
import type { FilePreview } from '../tools/types';
import { ruleString, type PermissionPrompt, type PromptAnswer } from '../session/prompt';

const SUMMARY_FIELDS = ['command', 'file_path', 'notebook_path', 'pattern', 'path', 'url'] as const;

/** The call in one line or a few: the fields that say what it touches, else its JSON. */
export function inputSummary(input: unknown): string {
  if (typeof input !== 'object' || input === null) return JSON.stringify(input) ?? String(input);
  const rec = input as Record<string, unknown>;
  const parts = SUMMARY_FIELDS.filter((k) => typeof rec[k] === 'string').map(
    (k) => `${k}: ${String(rec[k])}`,
  );
  return parts.length ? parts.join('\n') : JSON.stringify(input, null, 1);
}

/** Why the call asks: the rule that asked, or the engine's reason. */
export function askReason(p: PermissionPrompt): string {
  const { rule, reason } = p.decision;
  if (!rule) return `Why: ${reason}`;
  if (rule.source === 'mode') return `Why: ${rule.text} mode. ${reason}`;
  return `Why: rule ${rule.text} from ${rule.source === 'cliArg' ? 'the command line' : `${rule.source} settings`}. ${reason}`;
}

/** The change the call would make, as a unified diff with three lines of context. */
export function previewLines(p: FilePreview): { kind: 'add' | 'del' | 'same' | 'hunk'; text: string }[] {
  const patch = structuredPatch(p.path, p.path, p.before, p.after, '', '', { context: 3 });
  return patch.hunks.flatMap((h) => [
    // An empty side starts at the line before it, as diff -u writes it (jsdiff gives the line after).
    { kind: 'hunk' as const, text: `@@ -${h.oldStart - (h.oldLines === 0 ? 1 : 0)},${h.oldLines} +${h.newStart - (h.newLines === 0 ? 1 : 0)},${h.newLines} @@` },
    ...h.lines
      .filter((l) => !l.startsWith('\\'))
      .map((l) => ({ kind: l[0] === '+' ? ('add' as const) : l[0] === '-' ? ('del' as const) : ('same' as const), text: l })),
  ]);
}

function Preview({ preview }: { preview: FilePreview }) {
  const lines = previewLines(preview);
  return (
    <figure className="prompt-diff">
      <figcaption className="block-head">
        {preview.before === '' ? 'the new file' : 'the change to the file'}: {preview.path}
      </figcaption>
      {lines.length === 0 ? (
        <p className="muted">No change to the file’s text.</p>
      ) : (
        <pre tabIndex={0} className="model-text" aria-label={`Diff of ${preview.path}`}>
          {lines.map((l, i) =>
            l.kind === 'add' ? (
              <ins key={i} className="line">{`${l.text}\n`}</ins>
            ) : l.kind === 'del' ? (
              <del key={i} className="line">{`${l.text}\n`}</del>
            ) : (
              <span key={i} className={`line ${l.kind}`}>{`${l.text}\n`}</span>
            ),
          )}
        </pre>
      )}
    </figure>
  );
}

const ANSWERS: readonly PromptAnswer[] = ['allow-once', 'allow-always', 'deny'];

export interface PermissionPromptProps {
  prompt: PermissionPrompt;
  onAnswer: (answer: PromptAnswer) => void;
}

export function PermissionPromptView({ prompt, onAnswer }: PermissionPromptProps) {
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const rules = prompt.suggestions.flatMap((u) => u.rules.map(ruleString));
  const description = (prompt.input as { description?: unknown } | null)?.description;

  useEffect(() => {
    buttons.current[0]?.focus();
  }, [prompt.callId]);

  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    const onButton = e.target instanceof HTMLButtonElement;
    let answer: PromptAnswer | undefined;
    if (e.key === '1' || (e.key === 'Enter' && !onButton)) answer = 'allow-once';
    else if (e.key === '2' && rules.length) answer = 'allow-always';
    else if (e.key === '3' || e.key === 'Escape') answer = 'deny';
    else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      const live = buttons.current.filter((b): b is HTMLButtonElement => !!b && !b.disabled);
      const at = live.findIndex((b) => b === document.activeElement);
      const next = live[(at + (e.key === 'ArrowDown' ? 1 : live.length - 1)) % live.length];
      next?.focus();
    } else return;
    // The page's own single-key shortcuts (1-4 focus a pane) must not see these.
    e.preventDefault();
    e.stopPropagation();
    if (answer) onAnswer(answer);
  };

  const labels: Record<PromptAnswer, string> = {
    'allow-once': 'Allow once',
    'allow-always': rules.length ? `Always allow: add ${rules.join(', ')} to local settings` : 'Always allow',
    deny: 'Deny',
  };
  const keys: Record<PromptAnswer, string> = {
    'allow-once': 'Enter / 1',
    'allow-always': '2',
    deny: 'Esc / 3',
  };

  return (
    <section
      role="alertdialog"
      aria-modal="false"
      aria-labelledby="prompt-title"
      aria-describedby="prompt-why"
      className="permission-prompt"
      onKeyDown={onKeyDown}
    >
      <h2 id="prompt-title">
        <span className="badge ask">ask</span> {prompt.tool} wants permission
      </h2>
      <pre tabIndex={0} className="model-text prompt-input">{inputSummary(prompt.input)}</pre>
      {prompt.preview ? <Preview preview={prompt.preview} /> : null}
      {typeof description === 'string' ? <p className="prompt-description">{description}</p> : null}
      <p id="prompt-why" className="prompt-why">
        {askReason(prompt)}
      </p>
      <div className="prompt-answers">
        {ANSWERS.map((a, i) => (
          <button
            key={a}
            ref={(el) => {
              buttons.current[i] = el;
            }}
            type="button"
            className={a === 'allow-once' ? 'primary' : a === 'deny' ? 'danger' : ''}
            disabled={a === 'allow-always' && rules.length === 0}
            aria-keyshortcuts={keys[a].replace('Esc', 'Escape').replace(' / ', ' ')}
            onClick={() => onAnswer(a)}
          >
            {labels[a]} <kbd>{keys[a]}</kbd>
          </button>
        ))}
      </div>
      <p className="muted hint">
        Deny tells the model the user rejected the call. Always allow adds the rule to this session’s local
        settings (listed under Session settings).
      </p>
    </section>
  );
}
