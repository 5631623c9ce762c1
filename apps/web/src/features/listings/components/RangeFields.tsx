import { useState, type KeyboardEvent } from 'react';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import { NumberField } from '@/components/ui/NumberField';
import type { Range } from '../search-state';

export interface RangeFieldsProps {
  label: string;
  value: Range;
  onChange: (value: Range) => void;
  /** Shown before the numbers (₱) or after them (m²). */
  prefix?: string;
  suffix?: string;
}

function toNumber(raw: string): number | null {
  if (raw.trim() === '') return null;
  const n = Number(raw);
  return Number.isFinite(n) && n >= 0 ? n : null;
}

function Inner({ label, value, onChange, prefix, suffix }: RangeFieldsProps) {
  const [min, setMin] = useState(value.min === null ? '' : String(value.min));
  const [max, setMax] = useState(value.max === null ? '' : String(value.max));

  const commit = () => {
    let next: Range = { min: toNumber(min), max: toNumber(max) };
    if (next.min !== null && next.max !== null && next.min > next.max) next = { min: next.max, max: next.min };
    if (next.min !== value.min || next.max !== value.max) onChange(next);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      commit();
    }
  };
  const adornments = {
    ...(prefix && { startAdornment: <InputAdornment position="start">{prefix}</InputAdornment> }),
    ...(suffix && { endAdornment: <InputAdornment position="end">{suffix}</InputAdornment> }),
  };
  return (
    <Stack direction="row" spacing={1}>
      <NumberField
        label={`Min ${label.toLowerCase()}`}
        size="small"
        value={min}
        onValueChange={setMin}
        onBlur={commit}
        onKeyDown={onKeyDown}
        slotProps={{ input: adornments }}
      />
      <NumberField
        label={`Max ${label.toLowerCase()}`}
        size="small"
        value={max}
        onValueChange={setMax}
        onBlur={commit}
        onKeyDown={onKeyDown}
        slotProps={{ input: adornments }}
      />
    </Stack>
  );
}

/** A min/max pair applied on blur or Enter; it starts over whenever the applied range changes. */
export function RangeFields(props: RangeFieldsProps) {
  return <Inner key={`${props.value.min ?? ''}:${props.value.max ?? ''}`} {...props} />;
}
