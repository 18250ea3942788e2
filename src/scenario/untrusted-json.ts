// JSON from outside (links, imported scenarios and sessions, settings, scenario files) is checked
// before anything walks it: 100,000 levels of nesting parse, then overflow the stack of every
// recursive step after (zod, placeholder substitution, structured clone), and a `__proto__` key
// replaces an object's prototype when it is copied key by key.

export const MAX_JSON_DEPTH = 200;
/** Longer than any path Linux takes (PATH_MAX). */
export const MAX_KEY_CHARS = 4096;
const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(['__proto__']);

export type UntrustedJson = { ok: true; value: unknown } | { ok: false; message: string };

/** Nesting depth of JSON text, counted without parsing; stops counting past `max`. */
export function jsonDepth(text: string, max = Infinity): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > deepest && (deepest = depth) > max) return deepest;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return deepest;
}

/** The first key that may not be used, with where it is (`a.b[2].c`). */
function badKey(root: unknown): { key: string; at: string } | null {
  const stack: [unknown, string][] = [[root, '']];
  for (let top = stack.pop(); top !== undefined; top = stack.pop()) {
    const [v, at] = top;
    if (Array.isArray(v)) v.forEach((x, i) => stack.push([x, `${at}[${i}]`]));
    else if (v !== null && typeof v === 'object')
      for (const [k, x] of Object.entries(v)) {
        const here = at === '' ? k : `${at}.${k}`;
        if (FORBIDDEN_KEYS.has(k) || k.length > MAX_KEY_CHARS) return { key: k, at: at === '' ? '(root)' : at };
        stack.push([x, here]);
      }
  }
  return null;
}

export function parseUntrustedJson(text: string, maxDepth = MAX_JSON_DEPTH): UntrustedJson {
  if (jsonDepth(text, maxDepth) > maxDepth)
    return { ok: false, message: `nested deeper than ${maxDepth} levels` };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return { ok: false, message: e instanceof Error ? e.message : String(e) };
  }
  const bad = badKey(value);
  if (bad) {
    const shown = bad.key.length > 40 ? `${bad.key.slice(0, 40)}… (${bad.key.length} characters)` : bad.key;
    return { ok: false, message: `the key ${JSON.stringify(shown)} in ${bad.at} is not allowed` };
  }
  return { ok: true, value };
}
