// Session settings: behaviour version and model, permission mode, the four settings sources as
// JSON (checked as Claude Code checks them), trust, and the tools offered (`--tools`).
// Applying them re-runs the session's history on a fresh workspace.
import { useState } from 'react';
import type { SessionSettings } from '../drivers/composer';
import { checkSettings } from '../session/settings-check';
import { choiceOf, FILE_TOOLS, toolsFor, versionToolNames, type ToolSetChoice } from './toolSet';

const MODE_CHOICES = ['default', 'acceptEdits', 'plan', 'auto', 'dontAsk', 'bypassPermissions'] as const;
const SOURCES = ['managed', 'user', 'project', 'local'] as const;
const MODELS = ['claude-opus-5[1m]', 'claude-opus-4-5', 'claude-sonnet-4-5', 'claude-haiku-4-5'];

const asText = (v: Record<string, unknown> | undefined) =>
  v === undefined ? '' : JSON.stringify(v, null, 2);

export interface SettingsProps {
  settings: SessionSettings;
  versions: readonly string[];
  toolNames: readonly string[];
  busy: boolean;
  onApply: (s: SessionSettings) => void;
  /** Rules "always allow" added to local settings during the session (re-added on a re-run,
   * from the scenario's answers). */
  addedRules?: readonly string[];
}

export function SettingsPanel({
  settings,
  versions,
  toolNames,
  busy,
  onApply,
  addedRules = [],
}: SettingsProps) {
  const [version, setVersion] = useState(settings.version);
  const [model, setModel] = useState(settings.model);
  const [mode, setMode] = useState<string>(settings.mode ?? '');
  const [trusted, setTrusted] = useState(settings.trusted);
  const [lsp, setLsp] = useState(settings.lsp);
  const [choice, setChoice] = useState<ToolSetChoice>(choiceOf(settings.tools));
  const [tools, setTools] = useState<string[]>(settings.tools ?? [...FILE_TOOLS]);
  const [powershell, setPowershell] = useState(settings.powershell === true);
  const [memory, setMemory] = useState(settings.memory === true);
  // Every tool the chosen version defines (tools this build does not emulate answer "not
  // emulated"), then any other tool the build has.
  const names = [...new Set([...versionToolNames(version), ...toolNames])];
  const [texts, setTexts] = useState<Record<string, string>>(
    Object.fromEntries(SOURCES.map((s) => [s, asText(settings.sources[s])])),
  );
  const checks = Object.fromEntries(SOURCES.map((s) => [s, checkSettings(texts[s] ?? '')]));
  const blocked = SOURCES.some((s) => (checks[s]?.errors.length ?? 0) > 0);

  const apply = () =>
    onApply({
      version,
      model,
      mode: mode === '' ? null : (mode as SessionSettings['mode']),
      trusted,
      tools: toolsFor(choice, tools),
      powershell,
      memory,
      lsp,
      sources: Object.fromEntries(SOURCES.map((s) => [s, checks[s]?.value])),
    });

  return (
    <section aria-label="Session settings" className="settings">
      <div className="settings-grid">
        <label>
          version
          <select value={version} onChange={(e) => setVersion(e.target.value)}>
            {versions.map((v) => (
              <option key={v}>{v}</option>
            ))}
          </select>
        </label>
        <label>
          model
          <input list="models" value={model} onChange={(e) => setModel(e.target.value)} />
          <datalist id="models">
            {MODELS.map((m) => (
              <option key={m} value={m} />
            ))}
          </datalist>
        </label>
        <label>
          permission mode
          <select value={mode} onChange={(e) => setMode(e.target.value)}>
            <option value="">(settings defaultMode)</option>
            {MODE_CHOICES.map((m) => (
              <option key={m}>{m}</option>
            ))}
          </select>
        </label>
        <label className="inline">
          <input type="checkbox" checked={trusted} onChange={(e) => setTrusted(e.target.checked)} /> workspace
          trusted
        </label>
      </div>
      <ToolSetFields
        names={names}
        choice={choice}
        setChoice={setChoice}
        tools={tools}
        setTools={setTools}
        powershell={powershell}
        setPowershell={setPowershell}
        memory={memory}
        setMemory={setMemory}
        lsp={lsp}
        setLsp={setLsp}
      />
      <div className="sources">
        {SOURCES.map((s) => (
          <SourceEditor
            key={s}
            source={s}
            text={texts[s]}
            onText={(t) => setTexts({ ...texts, [s]: t })}
            check={checks[s]}
            addedRules={addedRules}
          />
        ))}
      </div>
      <button type="button" className="primary" disabled={busy || blocked} onClick={apply}>
        Apply and re-run
      </button>
    </section>
  );
}

interface ToolSetProps {
  names: readonly string[];
  choice: ToolSetChoice;
  setChoice: (c: ToolSetChoice) => void;
  tools: string[];
  setTools: (t: string[]) => void;
  powershell: boolean;
  setPowershell: (on: boolean) => void;
  memory: boolean;
  setMemory: (on: boolean) => void;
  lsp: boolean;
  setLsp: (on: boolean) => void;
}

/** The tools offered: the file tools, the default set or a list, and the tools a setting turns on. */
function ToolSetFields({
  names,
  choice,
  setChoice,
  tools,
  setTools,
  powershell,
  setPowershell,
  memory,
  setMemory,
  lsp,
  setLsp,
}: ToolSetProps) {
  return (
    <fieldset>
      <legend>tools offered</legend>
      {(
        [
          ['files', `the file tools (--tools ${FILE_TOOLS.join(',')})`],
          ['default', "the binary's default set (no --tools)"],
          ['custom', 'a list (--tools)'],
        ] as const
      ).map(([value, label]) => (
        <label key={value} className="inline">
          <input type="radio" name="tool-set" checked={choice === value} onChange={() => setChoice(value)} />{' '}
          {label}
        </label>
      ))}
      <div>
        {names.map((t) => (
          <label key={t} className="inline">
            <input
              type="checkbox"
              disabled={choice !== 'custom'}
              checked={tools.includes(t)}
              onChange={(e) => setTools(e.target.checked ? [...tools, t] : tools.filter((x) => x !== t))}
            />{' '}
            {t}
          </label>
        ))}
      </div>
      <div className="gated-tools">
        <label className="inline">
          <input type="checkbox" checked={powershell} onChange={(e) => setPowershell(e.target.checked)} />{' '}
          PowerShell (CLAUDE_CODE_USE_POWERSHELL_TOOL=1; the workspace has no pwsh, so a call that runs
          answers &ldquo;PowerShell is not available on this system.&rdquo;, as Claude Code does)
        </label>
        <label className="inline">
          <input type="checkbox" checked={memory} onChange={(e) => setMemory(e.target.checked)} /> memory
          tools (memory_list, memory_read, memory_write over the session&rsquo;s personal store; Claude Code
          turns them on by server flags, recorded by answering its flag request)
        </label>
      </div>
      <label className="inline">
        <input type="checkbox" checked={lsp} onChange={(e) => setLsp(e.target.checked)} /> code intelligence:
        a TypeScript language-server plugin (the LSP tool; answered here by the TypeScript language service,
        recorded against typescript-language-server 5.3.0)
      </label>
    </fieldset>
  );
}

/** One settings source as JSON, with what the check says of it (and, for local settings, the
 * rules added at prompts). */
function SourceEditor({
  source: s,
  text,
  onText,
  check,
  addedRules,
}: {
  source: (typeof SOURCES)[number];
  text: string | undefined;
  onText: (t: string) => void;
  check: ReturnType<typeof checkSettings> | undefined;
  addedRules: readonly string[];
}) {
  return (
    <div className="source">
      <label htmlFor={`settings-${s}`}>{s} settings (JSON)</label>
      <textarea
        id={`settings-${s}`}
        rows={4}
        spellCheck={false}
        value={text}
        onChange={(e) => onText(e.target.value)}
      />
      {s === 'local' && addedRules.length ? (
        <div className="added-rules" aria-label="Rules added at prompts">
          added at prompts (permissions.allow):{' '}
          {addedRules.map((r) => (
            <code key={r}>{r}</code>
          ))}
        </div>
      ) : null}
      {[...(check?.errors ?? []), ...(check?.warnings ?? [])].map((m) => (
        <div key={m} className={check?.errors.includes(m) ? 'error' : 'warning'}>
          {m}
        </div>
      ))}
    </div>
  );
}
