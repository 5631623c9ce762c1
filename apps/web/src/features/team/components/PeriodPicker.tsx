import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { Period } from '../team-text';

export interface PeriodValue {
  period: Period;
  from: string;
  to: string;
}

/** This month, the last 30 days, or two days chosen. */
export function PeriodPicker({ value, onChange }: { value: PeriodValue; onChange: (v: PeriodValue) => void }) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
      <TextField
        select
        size="small"
        label="Period"
        value={value.period}
        onChange={(e) => onChange({ ...value, period: e.target.value as Period })}
        sx={{ minWidth: 170 }}
      >
        <MenuItem value="month">This month</MenuItem>
        <MenuItem value="30d">Last 30 days</MenuItem>
        <MenuItem value="custom">Custom…</MenuItem>
      </TextField>
      {value.period === 'custom' && (
        <>
          <TextField
            size="small"
            type="date"
            label="From"
            value={value.from}
            onChange={(e) => onChange({ ...value, from: e.target.value })}
            slotProps={{
              inputLabel: { shrink: true },
              htmlInput: { max: value.to || undefined },
            }}
          />
          <TextField
            size="small"
            type="date"
            label="To"
            value={value.to}
            onChange={(e) => onChange({ ...value, to: e.target.value })}
            slotProps={{
              inputLabel: { shrink: true },
              htmlInput: { min: value.from || undefined },
            }}
          />
        </>
      )}
    </Stack>
  );
}
