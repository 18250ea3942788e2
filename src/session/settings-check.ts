// Settings sources as the settings panel edits them: parsed as JSON and checked the way Claude
// Code checks a settings file (unknown keys flagged, rule lists must be strings, defaultMode one
// of the modes). Problems are reported, never fixed silently.
import { readHooks } from '../hooks/settings';
import { MODES } from '../permissions/types';
import { parseUntrustedJson } from '../scenario/untrusted-json';

/** Top-level keys of Claude Code's settings.json (the documented ones). */
const KNOWN_KEYS = new Set([
  '$schema',
  'apiKeyHelper',
  'awsAuthRefresh',
  'awsCredentialExport',
  'cleanupPeriodDays',
  'companyAnnouncements',
  'disableAllHooks',
  'enableAllProjectMcpServers',
  'enabledMcpjsonServers',
  'disabledMcpjsonServers',
  'env',
  'forceLoginMethod',
  'forceLoginOrgUUID',
  'hooks',
  'includeCoAuthoredBy',
  'model',
  'outputStyle',
  'permissions',
  'sandbox',
  'spinnerTipsEnabled',
  'statusLine',
  'alwaysThinkingEnabled',
  'otelHeadersHelper',
  'allowedMcpServers',
  'deniedMcpServers',
  'useEnterpriseMcpConfigOnly',
]);
const PERMISSION_KEYS = new Set([
  'allow',
  'deny',
  'ask',
  'defaultMode',
  'additionalDirectories',
  'disableBypassPermissionsMode',
]);

export interface SettingsCheck {
  value?: Record<string, unknown>;
  /** Problems that make the file unusable (bad JSON, not an object). */
  errors: string[];
  /** Problems Claude Code flags but tolerates (unknown keys, wrong types inside). */
  warnings: string[];
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Empty text means "no such file". */
export function checkSettings(text: string): SettingsCheck {
  if (text.trim() === '') return { errors: [], warnings: [] };
  const read = parseUntrustedJson(text);
  if (!read.ok) return { errors: [`Invalid JSON: ${read.message}`], warnings: [] };
  const parsed = read.value;
  if (!isObject(parsed)) return { errors: ['Settings must be a JSON object.'], warnings: [] };
  const warnings: string[] = [];
  for (const k of Object.keys(parsed)) if (!KNOWN_KEYS.has(k)) warnings.push(`Unknown key "${k}".`);
  const perms = parsed.permissions;
  if (perms !== undefined) {
    if (!isObject(perms)) warnings.push('"permissions" must be an object.');
    else {
      for (const k of Object.keys(perms))
        if (!PERMISSION_KEYS.has(k)) warnings.push(`Unknown key "permissions.${k}".`);
      for (const list of ['allow', 'deny', 'ask', 'additionalDirectories']) {
        const v = perms[list];
        if (v === undefined) continue;
        if (!Array.isArray(v)) warnings.push(`"permissions.${list}" must be an array of strings.`);
        else
          v.forEach((r, i) => {
            if (typeof r !== 'string') warnings.push(`"permissions.${list}[${i}]" must be a string.`);
            else if (r.trim() === '') warnings.push(`"permissions.${list}[${i}]" is empty.`);
          });
      }
      const dm = perms.defaultMode;
      if (dm !== undefined && !(typeof dm === 'string' && (MODES as readonly string[]).includes(dm)))
        warnings.push(`"permissions.defaultMode" must be one of ${MODES.join(', ')}.`);
    }
  }
  // Hooks Claude Code cannot run are reported the way the replay reads them (src/hooks).
  if (parsed.hooks !== undefined) warnings.push(...readHooks(parsed.hooks, 'project').problems.map((p) => p.replace(/^project settings: /, '')));
  return { value: parsed, errors: [], warnings };
}
