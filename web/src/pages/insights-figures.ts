/**
 * The insights page's figures as tables (docs/console.md, Insights): each chart's numbers are a
 * table too, and the CSV download is these tables, as shown.
 */
import type {
  AgentInsights,
  BookingInsights,
  CallInsights,
  EnquiryGroup,
  EnquiryInsights,
  FunnelInsights,
  SpeedToLeadInsights,
} from '@callagent/sdk';

export interface FigureTable {
  title: string;
  columns: string[];
  rows: (string | number)[][];
}

export const ENDING_LABELS: Record<string, string> = {
  booked: 'Booked',
  transferred: 'Transferred',
  message: 'Message',
  not_seller: 'Not a seller',
  hung_up: 'Hung up',
  silence: 'Silence',
  completed: 'Completed',
  failed: 'Failed',
};

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

export const FUNNEL_LABELS: [keyof FunnelInsights['totals'], string][] = [
  ['calls', 'Calls'],
  ['sellers', 'Sellers'],
  ['qualified', 'Qualified'],
  ['hot', 'Hot'],
  ['appointment_set', 'Appointment set'],
  ['offer_made', 'Offer made'],
  ['completed', 'Completed'],
];

export const minutes = (m: number | null): string => (m === null ? '—' : String(m));
export const percent = (share: number | null): string =>
  share === null ? '—' : `${Math.round(share * 100)}%`;

/** "+3", "−2", "0"; a dash when either side is unknown. */
export function change(now: number | null, before: number | null): string {
  if (now === null || before === null) return '—';
  const d = Math.round((now - before) * 10) / 10;
  return d > 0 ? `+${d}` : d < 0 ? `−${-d}` : '0';
}

export interface Period {
  calls: CallInsights;
  funnel: FunnelInsights;
  speed: SpeedToLeadInsights;
  bookings: BookingInsights;
}

/** The headline figures against the previous period of the same length. */
export function summaryTable(now: Period, before: Period | undefined): FigureTable {
  const lines: [string, (p: Period) => number | null][] = [
    ['Calls', (p) => p.calls.total],
    ['Out of hours', (p) => p.calls.out_of_hours],
    ...FUNNEL_LABELS.slice(1).map(([k, label]): [string, (p: Period) => number | null] => [
      label,
      (p) => p.funnel.totals[k],
    ]),
    ['Bookings made', (p) => p.bookings.totals.made],
    ['Hot: median minutes to first action', (p) => p.speed.hot.median_minutes],
    ['Hot: past the follow-up target', (p) => p.speed.hot.breached],
    ['Warm: median minutes to first action', (p) => p.speed.warm.median_minutes],
  ];
  return {
    title: 'Summary',
    columns: ['Figure', 'This period', 'Previous period', 'Change'],
    rows: lines.map(([label, of]) => {
      const a = of(now);
      const b = before ? of(before) : null;
      return [label, a ?? '—', b ?? '—', change(a, b)];
    }),
  };
}

export function callTables(c: CallInsights): FigureTable[] {
  return [
    {
      title: 'Calls by day or week',
      columns: ['From', 'Calls', ...Object.values(ENDING_LABELS)],
      rows: c.series.map((s) => [
        s.bucket,
        s.total,
        ...Object.keys(ENDING_LABELS).map((k) => s.by_ending[k as 'booked']),
      ]),
    },
    {
      title: 'How calls ended',
      columns: ['Ending', 'Calls'],
      rows: [
        ...Object.entries(ENDING_LABELS).map(([k, label]) => [label, c.by_ending[k as 'booked']]),
        ['Still in progress', c.still_open],
      ],
    },
    {
      title: 'Calls by hour of day',
      columns: ['Hour', 'Calls'],
      rows: c.by_hour.map((n, h) => [`${String(h).padStart(2, '0')}:00`, n]),
    },
    {
      title: 'Calls by day of week',
      columns: ['Day', 'Calls'],
      rows: c.by_weekday.map((n, d) => [WEEKDAYS[d] ?? '', n]),
    },
  ];
}

export function funnelTable(f: FunnelInsights): FigureTable {
  const first = f.totals.calls;
  return {
    title: 'Funnel',
    columns: ['Step', 'Count', 'Of calls'],
    rows: FUNNEL_LABELS.map(([k, label]) => [
      label,
      f.totals[k],
      first === 0 ? '—' : percent(f.totals[k] / first),
    ]),
  };
}

export function speedTables(s: SpeedToLeadInsights): FigureTable[] {
  const line = (label: string, x: SpeedToLeadInsights['hot']) => [
    label,
    x.calls,
    x.answered,
    minutes(x.median_minutes),
    minutes(x.p90_minutes),
    x.target_minutes,
    x.breached,
  ];
  return [
    {
      title: 'Speed to lead',
      columns: [
        'Calls',
        'Count',
        'Acted on',
        'Median minutes',
        '90th percentile minutes',
        'Target minutes',
        'Past target',
      ],
      rows: [line('Hot', s.hot), line('Warm', s.warm)],
    },
    {
      title: 'Speed to lead by day or week',
      columns: ['From', 'Calls', 'Median minutes', '90th percentile minutes', 'Past target'],
      rows: s.series.map((x) => [
        x.bucket,
        x.calls,
        minutes(x.median_minutes),
        minutes(x.p90_minutes),
        x.breached,
      ]),
    },
  ];
}

export function bookingTable(b: BookingInsights): FigureTable {
  const t = b.totals;
  return {
    title: 'Bookings',
    columns: ['Made', 'By the agent', 'By the desk', 'Kept', 'Moved', 'Cancelled'],
    rows: [[t.made, t.by_agent, t.by_desk, t.kept, t.moved, t.cancelled]],
  };
}

const version = (v: number | null) => (v === null ? 'Default' : `Version ${v}`);

export function agentTables(a: AgentInsights): FigureTable[] {
  return [
    {
      title: 'Agent versions',
      columns: [
        'Version',
        'Calls',
        'Turns per call',
        'Hung up',
        'Hot share',
        'Transfers answered',
        'Transfers missed',
      ],
      rows: a.versions.map((v) => [
        version(v.agent_version),
        v.calls,
        v.turns_per_call ?? '—',
        v.hung_up,
        percent(v.hot_share),
        v.transfers_answered,
        v.transfers_missed,
      ]),
    },
    {
      title: 'Questions',
      columns: ['Version', 'Question', 'Asked again', 'Given up', 'Hang-ups while waiting'],
      rows: a.versions.flatMap((v) =>
        v.questions.map((q) => [version(v.agent_version), q.question, q.asked_again, q.given_up, q.hang_ups]),
      ),
    },
  ];
}

export function enquiryTables(e: EnquiryInsights): FigureTable[] {
  const rows = (groups: EnquiryGroup[]) =>
    groups.map((g) => [g.key, g.enquiries, g.average_score ?? '—', g.hot, percent(g.hot_share)]);
  const columns = ['Enquiries', 'Average score', 'Hot', 'Hot share'];
  return [
    { title: 'Enquiries by postcode area', columns: ['Area', ...columns], rows: rows(e.by_area) },
    {
      title: 'Enquiries by property type',
      columns: ['Property type', ...columns],
      rows: rows(e.by_property_type),
    },
  ];
}

/** The tables as one CSV file: each table's title on a line of its own, then its header and rows. */
export function toCsv(tables: FigureTable[]): string {
  const cell = (v: string | number) => {
    const s = String(v);
    // A leading = or @ would be read as a formula by a spreadsheet (signed changes are numbers).
    const safe = /^[=@]/.test(s) ? `'${s}` : s;
    return /[",\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
  };
  return tables
    .map((t) => [[t.title], t.columns, ...t.rows].map((r) => r.map(cell).join(',')).join('\r\n'))
    .join('\r\n\r\n')
    .concat('\r\n');
}
