// UK formats, in the workspace's time zone: "Tue 24 Nov, 14:05", "£250,000", "07700 900123".

const cache = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${timeZone}|${JSON.stringify(options)}`;
  let f = cache.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', { timeZone, ...options });
    cache.set(key, f);
  }
  return f;
}

function parts(value: Date, timeZone: string, options: Intl.DateTimeFormatOptions): Record<string, string> {
  const out: Record<string, string> = {};
  for (const p of formatter(timeZone, options).formatToParts(value)) out[p.type] = p.value;
  return out;
}

/** "Tue 24 Nov, 14:05" */
export function formatDateTime(iso: string | null, timeZone: string): string {
  if (iso === null) return '';
  const p = parts(new Date(iso), timeZone, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  return `${p.weekday} ${p.day} ${p.month}, ${p.hour}:${p.minute}`;
}

/** "14:05" */
export function formatTime(iso: string, timeZone: string): string {
  const p = parts(new Date(iso), timeZone, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  return `${p.hour}:${p.minute}`;
}

/** "Tue 24 Nov" */
export function formatDay(value: Date, timeZone: string): string {
  const p = parts(value, timeZone, { weekday: 'short', day: 'numeric', month: 'short' });
  return `${p.weekday} ${p.day} ${p.month}`;
}

/** The calendar date in the zone, "2026-11-24". */
export function zonedDate(value: Date, timeZone: string): string {
  const p = parts(value, timeZone, { year: 'numeric', month: '2-digit', day: '2-digit' });
  return `${p.year}-${p.month}-${p.day}`;
}

/** Wall-clock "2026-11-24T10:00" in the zone, for a datetime-local input. */
export function toLocalInput(iso: string, timeZone: string): string {
  const p = parts(new Date(iso), timeZone, {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}`;
}

function offsetMs(utcMs: number, timeZone: string): number {
  const p = parts(new Date(utcMs), timeZone, {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  const asUtc = Date.UTC(
    +(p.year ?? 0),
    +(p.month ?? 1) - 1,
    +(p.day ?? 1),
    +(p.hour ?? 0),
    +(p.minute ?? 0),
    +(p.second ?? 0),
  );
  return asUtc - Math.floor(utcMs / 1000) * 1000;
}

/** The instant a wall-clock time ("2026-11-24T10:00", or a date at midnight) names in the zone. */
export function fromLocalInput(local: string, timeZone: string): Date {
  const [date = '', time = '00:00'] = local.split('T');
  const [y, m, d] = date.split('-').map(Number);
  const [hh, mm] = time.split(':').map(Number);
  const guess = Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1, hh ?? 0, mm ?? 0);
  // Twice: the offset at the guess may differ from the offset at the answer across a clock change.
  const first = guess - offsetMs(guess, timeZone);
  return new Date(guess - offsetMs(first, timeZone));
}

const money = new Intl.NumberFormat('en-GB', {
  style: 'currency',
  currency: 'GBP',
  maximumFractionDigits: 0,
});
/** "£250,000" */
export function formatMoney(pounds: number | null): string {
  return pounds === null ? '' : money.format(pounds);
}

/** "07700 900123", "0161 234 5678", "020 7946 0018"; numbers outside the UK as stored. */
export function formatPhone(e164: string): string {
  if (!e164.startsWith('+44')) return e164;
  const n = `0${e164.slice(3)}`;
  if (n.length !== 11) return n;
  if (n.startsWith('07')) return `${n.slice(0, 5)} ${n.slice(5)}`;
  if (/^02/.test(n)) return `${n.slice(0, 3)} ${n.slice(3, 7)} ${n.slice(7)}`;
  if (/^01\d1/.test(n) || /^011/.test(n)) return `${n.slice(0, 4)} ${n.slice(4, 7)} ${n.slice(7)}`;
  return `${n.slice(0, 5)} ${n.slice(5)}`;
}

/** "4 min 10 s" */
export function formatDuration(seconds: number | null): string {
  if (seconds === null) return '';
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return m === 0 ? `${s} s` : `${m} min ${s} s`;
}

/** "3 days", "5 hours", "just now" since an instant. */
export function formatAge(iso: string, now: number = Date.now()): string {
  const minutes = Math.max(0, Math.round((now - Date.parse(iso)) / 60_000));
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.round(minutes / 60);
  if (hours < 48) return `${hours} h`;
  return `${Math.round(hours / 24)} days`;
}

/** Words for enum values: "needs_modernisation" → "needs modernisation". */
export function humanise(value: string | null): string {
  return value === null ? '' : value.replaceAll('_', ' ');
}
