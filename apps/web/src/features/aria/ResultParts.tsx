import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatPeso } from '@/lib/money';

/** ₱ whole pesos, or a dash. */
export const peso = (v: number | null | undefined) => (typeof v === 'number' && Number.isFinite(v) ? formatPeso(Math.round(v)) : '—');
/** 5.2%, or a dash. */
export const pct = (v: number | null | undefined, digits = 1) =>
  typeof v === 'number' && Number.isFinite(v) ? `${v.toLocaleString('en-PH', { maximumFractionDigits: digits })}%` : '—';

/** A titled section of a result. */
export function Section({ title, children, id }: { title: string; children: ReactNode; id: string }) {
  return (
    <Box component="section" aria-labelledby={id} sx={{ minWidth: 0 }}>
      <Typography id={id} variant="h6" component="h3" sx={{ fontWeight: 700, mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** A table that scrolls sideways inside its own box on a narrow screen. */
export function ResultTable({ label, head, rows, align, minWidth }: { label: string; head: string[]; rows: ReactNode[][]; align?: Array<'left' | 'right'>; minWidth?: number }) {
  return (
    <TableContainer component={Paper} variant="outlined" sx={{ maxWidth: '100%' }}>
      <Table size="small" aria-label={label} sx={{ minWidth }}>
        <TableHead>
          <TableRow>
            {head.map((h, i) => (
              <TableCell key={h} align={align?.[i] ?? 'left'} sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
                {h}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row, r) => (
            <TableRow key={r}>
              {row.map((cell, i) => (
                <TableCell key={i} align={align?.[i] ?? 'left'} sx={{ verticalAlign: 'top' }}>
                  {cell}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** Headline figures in a grid of tiles. */
export function FigureTiles({ figures }: { figures: Array<{ label: string; value: string; testId?: string }> }) {
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', gap: 1, gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(4, minmax(0, 1fr))' } }}>
      {figures.map((f) => (
        <Paper key={f.label} variant="outlined" sx={{ p: 1.25 }}>
          <Typography component="dt" variant="caption" color="text.secondary">
            {f.label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, fontWeight: 700 }} data-testid={f.testId}>
            {f.value}
          </Typography>
        </Paper>
      ))}
    </Box>
  );
}
