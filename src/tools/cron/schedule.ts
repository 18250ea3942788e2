// Cron expressions as Claude Code reads and words them (cron-* scenarios): validation, the
// human schedule, the next matching minute and how 2.1.332 prints it.

const RANGES: readonly [number, number][] = [
  [0, 59],
  [0, 23],
  [1, 31],
  [1, 12],
  [0, 7],
];

/** One cron field: `*`, a number, a range, a list, each with an optional `/step`. */
function validField(field: string, [lo, hi]: [number, number]): boolean {
  return field.split(',').every((part) => {
    const m = /^(\*|(\d+)(?:-(\d+))?)(?:\/(\d+))?$/.exec(part);
    if (!m) return false;
    if (m[4] !== undefined && Number(m[4]) === 0) return false;
    if (m[1] === '*') return true;
    const a = Number(m[2]);
    const b = m[3] !== undefined ? Number(m[3]) : a;
    return a >= lo && b <= hi && a <= b;
  });
}

export function validCron(cron: string): boolean {
  const fields = cron.trim().split(/\s+/);
  return fields.length === 5 && fields.every((f, i) => validField(f, RANGES[i] as [number, number]));
}

const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const clock12 = (h: number, m: string): string =>
  `${h % 12 === 0 ? 12 : h % 12}:${m.padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;

/** The schedule as Claude Code words it (cron-human-schedules, cron-names-valid, cron-one-shot):
 * steps of minutes, hours at a minute, days, one weekday, weekdays; any other expression is
 * shown as written. */
export function humanSchedule(cron: string): string {
  const f = cron.trim().split(/\s+/);
  const [min = '', hour = '', dom = '', mon = '', dow = ''] = f;
  const num = (x: string) => /^\d+$/.test(x);
  const rest = `${dom} ${mon} ${dow}`;
  if (hour === '*' && rest === '* * *') {
    if (min === '*' || min === '*/1') return 'Every minute';
    const every = /^\*\/(\d+)$/.exec(min);
    if (every) return `Every ${every[1]} minutes`;
    if (num(min)) return Number(min) === 0 ? 'Every hour' : `Every hour at :${min.padStart(2, '0')}`;
  }
  const hours = /^\*\/(\d+)$/.exec(hour);
  if (num(min) && hours && rest === '* * *')
    return `Every ${hours[1]} hours${Number(min) === 0 ? '' : ` at :${min.padStart(2, '0')}`}`;
  if (num(min) && num(hour) && dom === '*' && mon === '*') {
    const at = clock12(Number(hour), min);
    if (dow === '*') return `Every day at ${at}`;
    if (dow === '1-5') return `Weekdays at ${at}`;
    if (num(dow) && Number(dow) <= 7) return `Every ${DAYS[Number(dow) % 7] ?? ''} at ${at}`;
  }
  return cron;
}

/** Does `value` match one cron field (validated already)? */
function fieldMatches(field: string, value: number, [lo, hi]: [number, number]): boolean {
  return field.split(',').some((part) => {
    const m = /^(\*|(\d+)(?:-(\d+))?)(?:\/(\d+))?$/.exec(part);
    if (!m) return false;
    const a = m[1] === '*' ? lo : Number(m[2]);
    const b = m[1] === '*' ? hi : m[3] !== undefined ? Number(m[3]) : m[4] !== undefined ? hi : a;
    const step = m[4] !== undefined ? Number(m[4]) : 1;
    return value >= a && value <= b && (value - a) % step === 0;
  });
}

type Fields = [min: string, hour: string, dom: string, mon: string, dow: string];

function fieldsOf(cron: string): Fields {
  const [min = '*', hour = '*', dom = '*', mon = '*', dow = '*'] = cron.trim().split(/\s+/);
  return [min, hour, dom, mon, dow];
}

/** Does the day of `d` match? Day of month and day of week, both restricted, match either
 * (cron's rule); 7 is Sunday too. */
function dayMatches([, , dom, mon, dow]: Fields, d: Date): boolean {
  const wd = d.getUTCDay();
  const domOk = fieldMatches(dom, d.getUTCDate(), [1, 31]);
  const dowOk = fieldMatches(dow, wd, [0, 7]) || (wd === 0 && fieldMatches(dow, 7, [0, 7]));
  const dayOk = dom !== '*' && dow !== '*' ? domOk || dowOk : domOk && dowOk;
  return dayOk && fieldMatches(mon, d.getUTCMonth() + 1, [1, 12]);
}

/** Does the minute at `ms` (UTC, the oracle's TZ) match the expression? */
export function cronMatches(cron: string, ms: number): boolean {
  const f = fieldsOf(cron);
  const d = new Date(ms);
  return (
    dayMatches(f, d) &&
    fieldMatches(f[1], d.getUTCHours(), [0, 23]) &&
    fieldMatches(f[0], d.getUTCMinutes(), [0, 59])
  );
}

/** The first minute after `nowMs` the expression matches; null past a year and a day. */
export function nextMatch(cron: string, nowMs: number): number | null {
  const f = fieldsOf(cron);
  const start = Math.floor(nowMs / 60_000) * 60_000 + 60_000;
  const end = start + 527_040 * 60_000;
  // A day or hour that cannot match is skipped whole, so a yearly expression costs days, not minutes.
  for (let t = start; t < end;) {
    const d = new Date(t);
    if (!dayMatches(f, d)) {
      t = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 1);
    } else if (!fieldMatches(f[1], d.getUTCHours(), [0, 23])) {
      t = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), d.getUTCHours() + 1);
    } else if (fieldMatches(f[0], d.getUTCMinutes(), [0, 59])) {
      return t;
    } else {
      t += 60_000;
    }
  }
  return null;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** "Dec 2 1:48am": the next run as 2.1.332 words it, to the nearest minute. */
export function runTime(ms: number): string {
  const d = new Date(Math.round(ms / 60_000) * 60_000);
  const h = d.getUTCHours();
  return `${MONTHS[d.getUTCMonth()] ?? ''} ${d.getUTCDate()} ${h % 12 === 0 ? 12 : h % 12}:${String(d.getUTCMinutes()).padStart(2, '0')}${h < 12 ? 'am' : 'pm'}`;
}
