/**
 * One chart of the insights page, drawn with uPlot (about 20 kB gzipped, canvas). This module is
 * loaded only by the insights page, with a dynamic import, so the rest of the console never
 * downloads it (docs/console.md, Insights). The figures are always in a table beside it too.
 */
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export interface ChartSeries {
  label: string;
  values: (number | null)[];
  color: string;
  /** Bars (counts) or a line (times). */
  kind?: 'bars' | 'line';
}

const bars = uPlot.paths.bars?.({ size: [0.6, 40] });

export function InsightsChart({
  labels,
  series,
  height = 220,
}: {
  labels: string[];
  series: ChartSeries[];
  height?: number;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const xs = labels.map((_, i) => i);
    const plot = new uPlot(
      {
        width: Math.max(280, el.clientWidth),
        height,
        legend: { show: series.length > 1 },
        cursor: { show: true, drag: { x: false, y: false } },
        scales: { x: { time: false, range: [-0.5, Math.max(0.5, labels.length - 0.5)] } },
        axes: [
          {
            values: (_u, ticks) => ticks.map((t) => labels[t] ?? ''),
            incrs: [1, 2, 5, 7, 10, 14, 30],
          },
          { size: 48 },
        ],
        series: [
          {},
          ...series.map((s) => ({
            label: s.label,
            stroke: s.color,
            fill: s.kind === 'line' ? undefined : `${s.color}99`,
            width: s.kind === 'line' ? 2 : 1,
            ...(s.kind === 'line' ? {} : { paths: bars }),
            points: { show: s.kind === 'line' },
          })),
        ],
      },
      [xs, ...series.map((s) => s.values)] as uPlot.AlignedData,
      el,
    );
    const resize = new ResizeObserver(() => plot.setSize({ width: Math.max(280, el.clientWidth), height }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [labels, series, height]);
  return <div ref={box} aria-hidden="true" />;
}
