// The redaction step's state: the secrets found in a session about to be opened, and which of
// them the person chose to keep (unticked). `apply` gives the session as it will be stored and
// shared.
import { useCallback, useMemo, useState } from 'react';
import { findSecrets, redactSecrets, type SecretFinding } from '../../drivers/import/redact';

export interface Redaction {
  findings: SecretFinding[];
  /** Ids the person unticked: left as they are. */
  unmasked: ReadonlySet<number>;
  toggle: (id: number) => void;
  apply: <T>(value: T) => T;
}

export function useRedaction(value: unknown): Redaction {
  const findings = useMemo(() => (value === undefined ? [] : findSecrets(value)), [value]);
  const [unmasked, setUnmasked] = useState<{ of: unknown; ids: ReadonlySet<number> }>({ of: value, ids: new Set() });
  // A new session (another file, another pasted file) starts with every finding masked.
  const ids = unmasked.of === value ? unmasked.ids : new Set<number>();
  const toggle = useCallback(
    (id: number) =>
      setUnmasked((u) => {
        const now = new Set(u.of === value ? u.ids : []);
        if (now.has(id)) now.delete(id);
        else now.add(id);
        return { of: value, ids: now };
      }),
    [value],
  );
  const apply = useCallback(<T,>(v: T): T => redactSecrets(v, ids), [ids]);
  return { findings, unmasked: ids, toggle, apply };
}
