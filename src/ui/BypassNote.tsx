// The bypass mark in the decision pane: a Bash call let through (or put to a prompt) although
// what it does reaches a path a deny rule names. Text only; the command is untrusted input.
import type { BypassMark } from '../permissions/types';

export function BypassNote({ mark }: { mark: BypassMark }) {
  return (
    <div className="known-gap bypass-note" role="note" aria-label="gets around a deny rule">
      <span aria-hidden="true">⚠ </span>
      <strong>gets around {mark.rule.text}</strong> ({mark.rule.source} settings): <code>{mark.command}</code>{' '}
      {mark.op === 'exec' ? 'runs' : `${mark.op}s`} <code>{mark.path}</code>
      {mark.below ? ' (files below it)' : ''} through <code>{mark.construct}</code>. A note for people: the
      decision and what the model receives are unchanged.
    </div>
  );
}
