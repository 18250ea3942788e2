// The preview of what will be masked before an imported session is opened (and so stored and
// shareable): per secret, what kind, a masked excerpt and where it appears; untick to keep one.
// Only masked text is ever shown.
import type { Redaction } from './useRedaction';
import './redact.css';

const MAX_PLACES = 3;

export function RedactionPreview({ redaction }: { redaction: Redaction }) {
  const { findings, unmasked, toggle } = redaction;
  if (findings.length === 0)
    return <p className="muted">No secrets found by pattern (API keys, tokens, passwords in env lines, private keys, e-mail addresses).</p>;
  return (
    <fieldset className="redaction">
      <legend>
        Masked before anything is stored or shared ({findings.length - unmasked.size} of {findings.length})
      </legend>
      <ul className="plain">
        {findings.map((f) => (
          <li key={f.id}>
            <label>
              <input type="checkbox" checked={!unmasked.has(f.id)} onChange={() => toggle(f.id)} /> {f.label}{' '}
              <code>{f.masked}</code>
            </label>
            <div className="redaction-excerpt">
              <code>{f.excerpt}</code>
            </div>
            <div className="muted redaction-where">
              in {f.places.slice(0, MAX_PLACES).join(', ')}
              {f.places.length > MAX_PLACES ? ` and ${f.places.length - MAX_PLACES} more` : ''}
            </div>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
