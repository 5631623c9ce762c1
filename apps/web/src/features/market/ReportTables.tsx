import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { chartMatrix } from './chart-data';
import { formatValue, levelLabel } from './format';
import type { ReportChart, ReportTable } from './types';

/** A table that scrolls sideways in its own box on a phone (the page does not). */
function ScrollTable({ caption, head, rows, footer, testId }: { caption: string; head: string[]; rows: (string | number)[][]; footer?: string; testId: string }) {
  return (
    <Paper variant="outlined" sx={{ minWidth: 0 }} data-testid={testId}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, px: 2, pt: 1.5 }}>
        {caption}
      </Typography>
      <TableContainer sx={{ maxWidth: '100%', overflowX: 'auto' }} tabIndex={0} aria-label={`${caption} (scrolls sideways)`}>
        <Table size="small">
          <TableHead>
            <TableRow>
              {head.map((h, i) => (
                <TableCell key={i} sx={{ fontWeight: 700, whiteSpace: i === 0 ? 'nowrap' : 'normal', minWidth: i === 0 ? undefined : 110 }} align={i === 0 ? 'left' : 'right'}>
                  {h}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row, r) => (
              <TableRow key={r}>
                {row.map((cell, i) =>
                  i === 0 ? (
                    <TableCell key={i} component="th" scope="row" sx={{ whiteSpace: 'nowrap' }}>
                      {cell}
                    </TableCell>
                  ) : (
                    <TableCell key={i} align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {cell}
                    </TableCell>
                  ),
                )}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {footer && (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ px: 2, py: 1 }}>
          {footer}
        </Typography>
      )}
    </Paper>
  );
}

/** A chart's numbers as a table: one row per x (month or category), one column per series (area and source). */
export function ChartTable({ chart }: { chart: ReportChart }) {
  const { xs, columns } = chartMatrix(chart);
  const sources = [...new Set(chart.series.map((s) => `${s.source} (${levelLabel(s.granularity)}: ${s.areaName})`))].join('; ');
  return (
    <ScrollTable
      testId="market-chart-table"
      caption={chart.title}
      head={[chart.kind === 'line' ? 'Period' : 'Category', ...columns.map((c) => c.label)]}
      rows={xs.map((x, r) => [x, ...columns.map((c) => formatValue(c.values[r], chart.unit))])}
      footer={[`Source: ${sources}`, chart.note].filter(Boolean).join('. ')}
    />
  );
}

/** One of the report's own tables, each cell formatted by its column's unit. */
export function ReportTableView({ table }: { table: ReportTable }) {
  const cell = (value: string | number | null | undefined, unit: string | undefined) =>
    typeof value === 'number' && unit !== 'text' ? formatValue(value, unit as ReportChart['unit']) : value === null || value === undefined ? '—' : String(value);
  return (
    <ScrollTable
      testId="market-table"
      caption={table.title}
      head={table.columns.map((c) => c.label)}
      rows={table.rows.map((row) => table.columns.map((c) => cell(row[c.key], c.unit)))}
      footer={[`Source: ${table.source}, ${table.period}, ${levelLabel(table.granularity).toLowerCase()}`, table.note].filter(Boolean).join('. ')}
    />
  );
}

/** The report's tables; in the table view also every chart's numbers. */
export function ReportTables({ charts, tables, heading }: { charts: readonly ReportChart[]; tables: readonly ReportTable[]; heading: string }) {
  if (charts.length === 0 && tables.length === 0) return null;
  return (
    <Box component="section" aria-label={heading} sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <Typography variant="h6" component="h2">
        {heading}
      </Typography>
      {charts.map((chart) => (
        <ChartTable key={chart.id} chart={chart} />
      ))}
      {tables.map((table) => (
        <ReportTableView key={table.id} table={table} />
      ))}
    </Box>
  );
}
