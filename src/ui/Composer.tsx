// The composer: pick a tool from the profile, fill a form generated from its input JSON schema
// (or write the input as raw JSON), gather several tool calls into one model call and run it.
// Nothing is validated here beyond JSON syntax: the session answers a bad input exactly as
// Claude Code would answer the model.
import { useMemo, useState } from 'react';
import type { ToolDefinition } from '../profiles/types';
import { CodeEditor } from './LazyEditors';

export interface ComposedCall {
  name: string;
  input: Record<string, unknown>;
}

interface PropSchema {
  type?: string | string[];
  enum?: unknown[];
  description?: string;
  items?: unknown;
}

const MULTILINE = /string|content|command|source|text|pattern/;

type FieldValue = string;

function schemaProps(def: ToolDefinition): { name: string; schema: PropSchema; required: boolean }[] {
  const props = (def.input_schema.properties ?? {}) as Record<string, PropSchema>;
  const required = new Set((def.input_schema.required ?? []) as string[]);
  return Object.entries(props).map(([name, schema]) => ({ name, schema, required: required.has(name) }));
}

/** Form fields -> the tool input. Unset optional fields are left out; numbers and booleans are
 * converted; anything else is sent as typed (the schema check is the session's). */
export function formInput(def: ToolDefinition, values: Record<string, FieldValue>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const { name, schema, required } of schemaProps(def)) {
    const v = values[name];
    if (v === undefined || (v === '' && !required)) continue;
    const t = Array.isArray(schema.type) ? schema.type[0] : schema.type;
    if (t === 'boolean') out[name] = v === 'true' ? true : v === 'false' ? false : v;
    else if ((t === 'number' || t === 'integer') && v !== '' && !Number.isNaN(Number(v)))
      out[name] = Number(v);
    else if (t === 'array' || t === 'object') {
      try {
        out[name] = JSON.parse(v) as unknown;
      } catch {
        out[name] = v;
      }
    } else out[name] = v;
  }
  return out;
}

function Field({
  name,
  schema,
  required,
  value,
  onChange,
}: {
  name: string;
  schema: PropSchema;
  required: boolean;
  value: string;
  onChange: (v: string) => void;
}) {
  const id = `field-${name}`;
  const t = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  const label = (
    <label htmlFor={id} title={schema.description}>
      {name}
      {required ? ' *' : ''}
    </label>
  );
  let control;
  if (schema.enum || t === 'boolean') {
    const options = schema.enum ? schema.enum.map(String) : ['true', 'false'];
    control = (
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">(unset)</option>
        {options.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </select>
    );
  } else if (t === 'string' && MULTILINE.test(name))
    control = (
      <textarea
        id={id}
        rows={name === 'command' ? 2 : 3}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        spellCheck={false}
      />
    );
  else
    control = (
      <input
        id={id}
        type={t === 'number' || t === 'integer' ? 'number' : 'text'}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        spellCheck={false}
      />
    );
  return (
    <div className="field">
      {label}
      {control}
    </div>
  );
}

/** The form's fields for a call's input, when the form can say it exactly (else undefined:
 * the raw JSON can). */
export function formFields(def: ToolDefinition, input: Record<string, unknown>): Record<string, string> | undefined {
  const fields: Record<string, string> = {};
  for (const [k, v] of Object.entries(input)) fields[k] = typeof v === 'string' ? v : JSON.stringify(v);
  const back = formInput(def, fields);
  const same =
    Object.keys(back).length === Object.keys(input).length &&
    Object.entries(input).every(([k, v]) => JSON.stringify(back[k]) === JSON.stringify(v));
  return same ? fields : undefined;
}

export interface ComposerProps {
  tools: readonly ToolDefinition[];
  /** Tools the session offers the model (others can still be called, as a model might). */
  offered: ReadonlySet<string>;
  busy: boolean;
  onRun: (calls: ComposedCall[]) => void;
  /** Fills path fields with a sensible default. */
  cwd: string;
  /** A model call to start from (a fork's next call): one call in the form, several in the
   * draft. Read when the composer mounts. */
  preset?: readonly ComposedCall[];
}

export function Composer({ tools, offered, busy, onRun, cwd, preset }: ComposerProps) {
  const [first] = useState(() => {
    const one = preset?.length === 1 ? preset[0] : undefined;
    const oneDef = one && tools.find((t) => t.name === one.name);
    const fields = one && oneDef ? formFields(oneDef, one.input) : undefined;
    return { one: oneDef ? one : undefined, fields };
  });
  const [toolName, setToolName] = useState(
    // The first tool the session offers, not one the model would be refused.
    preset?.[0]?.name ?? (tools.find((t) => offered.has(t.name)) ?? tools[0])?.name ?? '',
  );
  const [values, setValues] = useState<Record<string, string>>(first.fields ?? {});
  const [rawMode, setRawMode] = useState(!!first.one && !first.fields);
  const [raw, setRaw] = useState(first.one && !first.fields ? JSON.stringify(first.one.input, null, 2) : '{}');
  const [rawError, setRawError] = useState<string>();
  const [draft, setDraft] = useState<ComposedCall[]>(preset && preset.length > 1 ? [...preset] : []);
  const def = useMemo(() => tools.find((t) => t.name === toolName), [tools, toolName]);

  /** Takes a drafted call back into the form (or the raw JSON) to change it. */
  const edit = (i: number) => {
    const c = draft[i];
    const d = c && tools.find((t) => t.name === c.name);
    if (!c || !d) return;
    const fields = formFields(d, c.input);
    setToolName(c.name);
    setValues(fields ?? {});
    setRawMode(!fields);
    setRaw(JSON.stringify(c.input, null, 2));
    setDraft(draft.filter((_, k) => k !== i));
  };

  const current = (): ComposedCall | undefined => {
    if (!def) return undefined;
    if (!rawMode) return { name: def.name, input: formInput(def, values) };
    try {
      const v: unknown = JSON.parse(raw);
      if (typeof v !== 'object' || v === null || Array.isArray(v))
        throw new Error('the input must be a JSON object');
      setRawError(undefined);
      return { name: def.name, input: v as Record<string, unknown> };
    } catch (e) {
      setRawError(e instanceof Error ? e.message : String(e));
      return undefined;
    }
  };

  const add = () => {
    const c = current();
    if (c) setDraft([...draft, c]);
  };
  const run = () => {
    const c = draft.length ? undefined : current();
    const calls = c ? [c] : draft;
    if (calls.length === 0) return;
    onRun(calls);
    setDraft([]);
  };

  return (
    <section aria-label="Composer" className="composer">
      <h2>Compose a model call</h2>
      <div className="field">
        <label htmlFor="composer-tool">tool</label>
        <select
          id="composer-tool"
          value={toolName}
          onChange={(e) => {
            setToolName(e.target.value);
            setValues({});
            setRaw('{}');
          }}
        >
          {tools.map((t) => (
            <option key={t.name} value={t.name}>
              {t.name}
              {offered.has(t.name) ? '' : ' (not offered)'}
            </option>
          ))}
        </select>
      </div>
      <label className="inline">
        <input
          type="checkbox"
          checked={rawMode}
          onChange={(e) => {
            // The JSON starts from what the form holds.
            if (e.target.checked && def) setRaw(JSON.stringify(formInput(def, values), null, 2));
            setRawMode(e.target.checked);
          }}
        />{' '}
        raw JSON
      </label>
      {def && !rawMode ? (
        <div className="form" key={def.name}>
          {schemaProps(def).map((p) => (
            <Field
              key={p.name}
              {...p}
              value={values[p.name] ?? ''}
              onChange={(v) => setValues({ ...values, [p.name]: v })}
            />
          ))}
          <p className="muted hint">Paths: the project is {cwd}</p>
        </div>
      ) : null}
      {def && rawMode ? (
        <div>
          <CodeEditor
            path={`composer/${def.name}.json`}
            value={raw}
            readOnly={false}
            onChange={setRaw}
            height={140}
          />
          {rawError ? (
            <p role="alert" className="error">
              Not JSON: {rawError}
            </p>
          ) : null}
        </div>
      ) : null}
      <div className="buttons">
        <button type="button" onClick={add} disabled={busy}>
          Add to model call
        </button>
        <button type="button" className="primary" onClick={run} disabled={busy}>
          {draft.length ? `Run model call (${draft.length} tool calls)` : 'Run as one model call'}
        </button>
      </div>
      {draft.length ? (
        <DraftList draft={draft} onEdit={edit} onRemove={(i) => setDraft(draft.filter((_, k) => k !== i))} />
      ) : null}
    </section>
  );
}

/** The tool calls drafted for the next model call, each to take back into the form or remove. */
function DraftList({
  draft,
  onEdit,
  onRemove,
}: {
  draft: readonly ComposedCall[];
  onEdit: (i: number) => void;
  onRemove: (i: number) => void;
}) {
  return (
    <ol className="draft" aria-label="Tool calls of the next model call">
      {draft.map((c, i) => (
        <li key={i}>
          <code>{c.name}</code> {JSON.stringify(c.input)}{' '}
          <button type="button" className="link" onClick={() => onEdit(i)}>
            edit
          </button>{' '}
          <button type="button" className="link" onClick={() => onRemove(i)}>
            remove
          </button>
        </li>
      ))}
    </ol>
  );
}
