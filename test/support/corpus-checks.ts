/**
 * The records a corpus call left, checked field by field against what the caller needed
 * (test/corpus/types.ts). Each asserted field is one check, so the benchmark can count them.
 */
import { DateTime } from 'luxon';
import { isOpen, ZONE } from '../corpus/clocks.js';
import type {
  BookingExpect,
  ClockView,
  CorpusCall,
  DayRule,
  OfferedTime,
  PerClock,
  TextExpect,
} from '../corpus/types.js';
import { DESK_NUMBER } from './corpus-config.js';
import { questionOf } from './corpus-replies.js';

type Json = Record<string, unknown>;

export interface Records {
  call: Json;
  lead: Json | null;
  opportunity: Json | null;
  /** The scheduled bookings this call made. */
  bookings: Json[];
}

export interface FieldCheck {
  field: string;
  expected: string;
  actual: string;
  ok: boolean;
}

export interface RunFacts {
  view: ClockView;
  from: string;
  replies: readonly string[];
  accepted: readonly OfferedTime[];
}

function resolve<T>(value: PerClock<T>, view: ClockView): T {
  return typeof value === 'function' ? (value as (v: ClockView) => T)(view) : value;
}

const show = (v: unknown): string => (v === undefined ? 'nothing' : JSON.stringify(v));

function check(field: string, expected: unknown, actual: unknown, ok?: boolean): FieldCheck {
  const same = ok ?? JSON.stringify(expected) === JSON.stringify(actual ?? null);
  return { field, expected: show(expected), actual: show(actual), ok: same };
}

const WEEKDAY: Record<Exclude<DayRule, 'next-open-day'>, number> = { mon: 1, tue: 2, wed: 3, thu: 4, fri: 5 };

/** The date a day rule names, for a call at `now`. */
export function resolveDay(rule: DayRule, now: DateTime): DateTime {
  let day = now.startOf('day').plus({ days: 1 });
  if (rule === 'next-open-day') {
    while (!isOpen(day.set({ hour: 12 }))) day = day.plus({ days: 1 });
    return day;
  }
  while (day.weekday !== WEEKDAY[rule]) day = day.plus({ days: 1 });
  return day;
}

function bookingChecks(want: BookingExpect | null, records: Records, run: RunFacts): FieldCheck[] {
  const [booking, ...more] = records.bookings;
  if (want === null)
    return [check('booking', null, booking ? `${booking.kind} at ${booking.starts_at}` : null)];
  const checks = [check('booking.kind', want.kind, booking?.kind)];
  if (more.length > 0) checks.push(check('booking.count', 1, records.bookings.length));
  if (want.when === 'any') return checks;
  const at = booking ? DateTime.fromISO(String(booking.starts_at), { zone: ZONE }) : null;
  const spoken = at?.toFormat('ccc d LLL HH:mm') ?? null;
  if (want.when === 'accepted') {
    const accepted = run.accepted.map((a) => a.at.toFormat('ccc d LLL HH:mm'));
    const want = accepted.length > 0 ? accepted.join(' or ') : 'a time the agent offered (none was)';
    checks.push(check('booking.at', want, spoken, spoken !== null && accepted.includes(spoken)));
    return checks;
  }
  const day = resolveDay(want.when.day, run.view.now);
  checks.push(check('booking.day', day.toFormat('ccc d LLL'), at?.toFormat('ccc d LLL') ?? null));
  if (want.when.time) checks.push(check('booking.time', want.when.time, at?.toFormat('HH:mm') ?? null));
  if (want.when.part) {
    const part = at ? (at.hour < 12 ? 'morning' : 'afternoon') : null;
    checks.push(check('booking.part', want.when.part, part));
  }
  return checks;
}

function matches(text: string, pattern: TextExpect): boolean {
  return typeof pattern === 'string'
    ? text.toLowerCase().includes(pattern.toLowerCase())
    : pattern.test(text);
}

const money = (n: number) => `£${n.toLocaleString('en-GB')}`;

function factChecks(c: CorpusCall, records: Records): FieldCheck[] {
  const want = c.expect.facts ?? {};
  const facts = (records.opportunity?.facts ?? {}) as Json;
  const checks: FieldCheck[] = [];
  for (const [key, expected] of Object.entries(want)) {
    if (key === 'price') {
      const price = facts.asking_price ?? null;
      if (expected !== null && typeof expected === 'object') {
        // A range is kept whole: both ends where the desk reads the enquiry.
        const r = expected as { min: number; max: number };
        const text = `${String(records.call.summary ?? '')} ${notesText(records)}`;
        const kept = text.includes(money(r.min)) && text.includes(money(r.max));
        checks.push(
          check('facts.price', `${money(r.min)} to ${money(r.max)}`, kept ? 'the range' : price, kept),
        );
      } else {
        checks.push(check('facts.price', expected, price));
      }
    } else if (key === 'timeline') {
      const actual = facts.timeline ?? null;
      const re = expected as RegExp | null;
      const good = re === null ? actual === null : typeof actual === 'string' && re.test(actual);
      checks.push(check('facts.timeline', re === null ? null : String(re), actual, good));
    } else {
      checks.push(check(`facts.${key}`, expected, facts[key]));
    }
  }
  return checks;
}

function notesText(records: Records): string {
  const oppNotes = ((records.opportunity?.notes ?? []) as Json[]).map((n) => String(n.body));
  const bookingNotes = records.bookings.map((b) => String(b.note ?? ''));
  return [...oppNotes, String(records.lead?.note ?? ''), ...bookingNotes].join('\n');
}

/** Every asserted field of a call, each right or wrong. */
export function checkRecords(c: CorpusCall, records: Records, run: RunFacts): FieldCheck[] {
  const e = c.expect;
  const checks: FieldCheck[] = [];
  if (e.lead === null) checks.push(check('lead', null, records.lead?.id ?? null));
  else if (e.lead) {
    if (e.lead.name !== undefined) checks.push(check('lead.name', e.lead.name, records.lead?.name));
    checks.push(check('lead.phone', e.lead.phone ?? run.from, records.lead?.phone));
  }
  if (e.noOpportunity) checks.push(check('opportunity', null, records.opportunity?.id ?? null));
  checks.push(...factChecks(c, records));
  if (e.postcode !== undefined) checks.push(check('postcode', e.postcode, records.opportunity?.postcode));
  if (e.address !== undefined) {
    const address = (records.opportunity?.address as string | null | undefined) ?? null;
    // Punctuation is the agent's choice ("Flat 4, 12 ..." or "Flat 4 12 ..."); the words are not.
    const plain = (x: string) =>
      x
        .toLowerCase()
        .replace(/[^a-z0-9 ]/g, '')
        .replace(/\s+/g, ' ');
    const good = e.address === null ? address === null : plain(address ?? '').includes(plain(e.address));
    checks.push(check('address', e.address, address, good));
  }
  if (e.outcome !== undefined) {
    const want = resolve(e.outcome, run.view);
    const list = Array.isArray(want) ? want : [want];
    const actual = records.opportunity?.outcome;
    checks.push(check('outcome', list.join(' or '), actual, list.includes(String(actual))));
  }
  if (e.booking !== undefined) checks.push(...bookingChecks(resolve(e.booking, run.view), records, run));
  if (e.handover !== undefined) {
    const want = resolve(e.handover, run.view);
    checks.push(check('handover', want ? DESK_NUMBER : null, records.call.transferred_to));
  }
  const notes = notesText(records);
  for (const n of e.notes ?? [])
    checks.push(
      check(
        `notes ~ ${String(n)}`,
        'present',
        matches(notes, n) ? 'present' : notes || 'no notes',
        matches(notes, n),
      ),
    );
  const replies = run.replies.join('\n');
  for (const re of e.says ?? []) {
    checks.push(
      check(`says ${String(re)}`, 'said', re.test(replies) ? 'said' : 'never said', re.test(replies)),
    );
  }
  for (const re of e.neverSays ?? []) {
    const hit = run.replies.find((r) => re.test(r));
    checks.push(check(`never says ${String(re)}`, 'not said', hit ?? 'not said', hit === undefined));
  }
  for (const [asked, most] of Object.entries(e.askedAtMost ?? {})) {
    const times = run.replies.filter((r) => questionOf(r, run.view.now)?.asked === asked).length;
    checks.push(check(`asked ${asked} at most ${most}×`, most, times, times <= Number(most ?? 0)));
  }
  return checks;
}
