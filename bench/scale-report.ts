/** The scale-out benchmark's table: one column per topology, medians over the rounds, and the ratio. */
import type { TopologyRun } from './scale.js';
import { fmt, markdownTable, median, percentile } from './support.js';

interface Row {
  label: string;
  /** A figure of one topology's runs. */
  of: (runs: readonly TopologyRun[]) => number;
  digits?: number;
  unit?: string;
}

const med = (pick: (r: TopologyRun) => number) => (runs: readonly TopologyRun[]) => median(runs.map(pick));
const turnsPerSecond = (r: TopologyRun) => r.turns.length / (r.callSpent.wallMs / 1000);
const perTurn = (ms: number, r: TopologyRun) => ms / Math.max(1, r.turns.length);
const perRequest = (ms: number, r: TopologyRun) => (ms * 1000) / Math.max(1, r.api.requests);
const perDelivery = (ms: number, r: TopologyRun) => (ms * 1000) / Math.max(1, r.deliveries);

const ROWS: Row[] = [
  { label: '**Gather turns/s** (saturation)', of: med(turnsPerSecond) },
  {
    label: 'Turn latency p50',
    of: (runs) =>
      percentile(
        runs.flatMap((r) => r.turns),
        0.5,
      ),
    unit: 'ms',
  },
  {
    label: 'Turn latency p99',
    of: (runs) =>
      percentile(
        runs.flatMap((r) => r.turns),
        0.99,
      ),
    unit: 'ms',
  },
  {
    label: 'Service CPU per turn',
    of: med((r) => perTurn(r.callSpent.serviceCpuMs, r)),
    digits: 2,
    unit: 'ms',
  },
  {
    label: 'PostgreSQL CPU per turn',
    of: med((r) => perTurn(r.callSpent.postgresCpuMs, r)),
    digits: 2,
    unit: 'ms',
  },
  {
    label: 'Load generator CPU per turn',
    of: med((r) => perTurn(r.callSpent.benchCpuMs, r)),
    digits: 2,
    unit: 'ms',
  },
  { label: 'Machine busy during calls', of: med((r) => r.callSpent.machineBusy * 100), unit: '%' },
  { label: '**API list req/s**', of: med((r) => r.api.requestsPerSecond) },
  { label: 'List p99 (worse instance)', of: med((r) => r.api.p99), unit: 'ms' },
  { label: 'Service CPU per request', of: med((r) => perRequest(r.apiSpent.serviceCpuMs, r)), unit: 'µs' },
  {
    label: 'PostgreSQL CPU per request',
    of: med((r) => perRequest(r.apiSpent.postgresCpuMs, r)),
    unit: 'µs',
  },
  { label: 'Machine busy during the list', of: med((r) => r.apiSpent.machineBusy * 100), unit: '%' },
  { label: '**Deliveries/s**', of: med((r) => r.deliveries / (r.deliveryMs / 1000)) },
  {
    label: 'Worker CPU per delivery',
    of: med((r) => perDelivery(r.deliverySpent.serviceCpuMs, r)),
    unit: 'µs',
  },
  {
    label: 'PostgreSQL CPU per delivery',
    of: med((r) => perDelivery(r.deliverySpent.postgresCpuMs, r)),
    unit: 'µs',
  },
  {
    label: 'Receiver CPU per delivery (this process)',
    of: med((r) => perDelivery(r.deliverySpent.benchCpuMs, r)),
    unit: 'µs',
  },
  { label: 'Machine busy during deliveries', of: med((r) => r.deliverySpent.machineBusy * 100), unit: '%' },
];

export function scaleTable(runs: readonly TopologyRun[]): string {
  const one = runs.filter((r) => r.processes === 1);
  const two = runs.filter((r) => r.processes === 2);
  const cell = (row: Row, value: number) => `${fmt(value, row.digits ?? 0)}${row.unit ? ` ${row.unit}` : ''}`;
  return markdownTable(
    ['Measure (median of rounds)', '1 serve + 1 worker', '2 serve + 2 worker', '2+2 / 1+1'],
    ROWS.map((row) => {
      const a = row.of(one);
      const b = row.of(two);
      return [row.label, cell(row, a), cell(row, b), `${fmt(b / a, 2)}`];
    }),
  );
}
