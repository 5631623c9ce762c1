import type { ReportChart, ReportChartSeries } from './types';

/** A series' label: its name, its area and its source ("Median price per m² (Bel-Air, Tahanan listings)"). */
export function seriesLabel(series: ReportChartSeries): string {
  const area = series.areaName && !series.name.includes(series.areaName) ? series.areaName : '';
  return `${series.name} (${[area, series.source].filter(Boolean).join(', ')})`;
}

/** The x values of a chart's series in order of first appearance (trends' months sort as text, oldest first). */
export function chartXs(chart: ReportChart): string[] {
  const xs: string[] = [];
  const seen = new Set<string>();
  for (const s of chart.series)
    for (const p of s.points)
      if (!seen.has(p.x)) {
        seen.add(p.x);
        xs.push(p.x);
      }
  return chart.kind === 'line' ? xs.sort() : xs;
}

/** Each series' values on the chart's x values (null where a series has no point). */
export function chartMatrix(chart: ReportChart): { xs: string[]; columns: { label: string; series: ReportChartSeries; values: (number | null)[] }[] } {
  const xs = chartXs(chart);
  return {
    xs,
    columns: chart.series.map((series) => {
      const byX = new Map(series.points.map((p) => [p.x, p.y]));
      return { label: seriesLabel(series), series, values: xs.map((x) => byX.get(x) ?? null) };
    }),
  };
}
