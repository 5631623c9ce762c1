import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { chartMatrix } from './chart-data';
import { formatAxis, formatValue, levelLabel, UNIT_LABELS } from './format';
import type { ReportChart } from './types';

/** What a chart shows, in words (its accessible description, and the line under its title). */
export function chartDescription(chart: ReportChart): string {
  const what = chart.kind === 'line' ? 'Line chart over time' : 'Bar chart';
  const series = chart.series.map((s) => `${s.name} for ${s.areaName} (${levelLabel(s.granularity).toLowerCase()}, ${s.source})`).join('; ');
  return `${what} in ${UNIT_LABELS[chart.unit] ?? chart.unit}: ${series}. The table view lists the same numbers.`;
}

/** One chart: lines for a trend, bars for a mix; each series labelled with its area and source. Scales to its box's width. */
export function ReportChartView({ chart }: { chart: ReportChart }) {
  const { xs, columns } = chartMatrix(chart);
  const descId = `chart-desc-${chart.id}`;
  const valueFormatter = (v: number | null) => formatValue(v, chart.unit);
  const yAxis = [{ valueFormatter: (v: number) => formatAxis(v, chart.unit), width: 72 }];
  const series = columns.map((c) => ({ data: c.values, label: c.label, valueFormatter }));
  // many categories (not months or quarters) read better as horizontal bars with their names beside them
  const sideways = chart.kind === 'bar' && xs.length > 8 && !xs.every((x) => /^\d{4}(-\d{2}|-Q\d)?$/.test(x));
  const empty = xs.length === 0 || columns.every((c) => c.values.every((v) => v === null));
  return (
    <Paper variant="outlined" component="figure" sx={{ m: 0, p: { xs: 1.5, sm: 2 }, minWidth: 0 }} aria-labelledby={`chart-title-${chart.id}`} aria-describedby={descId} data-testid="market-chart">
      <Typography id={`chart-title-${chart.id}`} variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
        {chart.title}
      </Typography>
      <Typography id={descId} variant="caption" color="text.secondary" component="p">
        {chartDescription(chart)}
      </Typography>
      {empty ? (
        <Typography color="text.secondary" sx={{ py: 3 }}>
          No figures for this chart yet.
        </Typography>
      ) : (
        <Box sx={{ width: '100%', minWidth: 0 }} role="img" aria-label={`${chart.title}. ${chartDescription(chart)}`}>
          {chart.kind === 'line' ? (
            <LineChart
              height={280}
              xAxis={[{ scaleType: 'point', data: xs }]}
              yAxis={yAxis}
              series={series.map((s) => ({ ...s, curve: 'linear' as const, showMark: xs.length < 30, connectNulls: false }))}
              slotProps={{ legend: { direction: 'horizontal', position: { vertical: 'bottom', horizontal: 'center' } } }}
              margin={{ left: 8, right: 16 }}
            />
          ) : (
            <BarChart
              height={sideways ? Math.max(260, xs.length * 28) : 280}
              layout={sideways ? 'horizontal' : 'vertical'}
              {...(sideways
                ? { yAxis: [{ scaleType: 'band' as const, data: xs, width: 120 }], xAxis: [{ valueFormatter: (v: number) => formatAxis(v, chart.unit) }] }
                : { xAxis: [{ scaleType: 'band' as const, data: xs }], yAxis })}
              series={series}
              slotProps={{ legend: { direction: 'horizontal', position: { vertical: 'bottom', horizontal: 'center' } } }}
              margin={{ left: 8, right: 16 }}
            />
          )}
        </Box>
      )}
      {chart.note && (
        <Typography variant="caption" component="figcaption" color="text.secondary">
          {chart.note}
        </Typography>
      )}
    </Paper>
  );
}

export function ReportCharts({ charts }: { charts: readonly ReportChart[] }) {
  if (charts.length === 0) return null;
  return (
    <Box component="section" aria-labelledby="market-charts-heading" sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: charts.length > 1 ? 'repeat(2, minmax(0, 1fr))' : 'minmax(0, 1fr)' } }}>
      <Typography id="market-charts-heading" variant="h6" component="h2" sx={{ gridColumn: '1 / -1' }}>
        Charts
      </Typography>
      {charts.map((chart) => (
        <ReportChartView key={chart.id} chart={chart} />
      ))}
    </Box>
  );
}
