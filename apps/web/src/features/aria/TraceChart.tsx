import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { LineChart } from '@mui/x-charts/LineChart';
import type { AriaToolTrace } from '@app/domain';
import { chartValue } from './chart-value';

type Chart = NonNullable<AriaToolTrace['chart']>;

/** A tool's small series (a market report's prices over time, a loan's balance by year), drawn with the charts the market reports use. */
export default function TraceChart({ chart }: { chart: Chart }) {
  const labels = chart.points.map((p) => p.label);
  const values = chart.points.map((p) => p.value);
  const description = `${chart.title}: ${chart.points.map((p) => `${p.label} ${chartValue(p.value, chart.unit)}`).join(', ')}`;
  return (
    <Paper variant="outlined" component="figure" sx={{ m: 0, p: 1, minWidth: 0 }} data-testid="aria-chart">
      <Typography variant="subtitle2" component="figcaption" sx={{ fontWeight: 700 }}>
        {chart.title}
      </Typography>
      <Box role="img" aria-label={description} sx={{ width: '100%', minWidth: 0 }}>
        <LineChart
          height={180}
          xAxis={[{ scaleType: 'point', data: labels }]}
          yAxis={[{ valueFormatter: (v: number) => chartValue(v, chart.unit, true), width: 60 }]}
          series={[{ data: values, curve: 'linear', showMark: values.length < 25, valueFormatter: (v: number | null) => (v === null ? '' : chartValue(v, chart.unit)) }]}
          hideLegend
          margin={{ left: 4, right: 12, top: 8, bottom: 4 }}
        />
      </Box>
    </Paper>
  );
}
