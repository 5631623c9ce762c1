import { useState, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import SearchIcon from '@mui/icons-material/Search';
import type { GridControls } from './use-grid-state';

/** The filters above a table: MUI inputs that wrap on a narrow screen; each change goes to the address. */
export function FilterBar({ grid, children, label }: { grid: GridControls; children: ReactNode; label: string }) {
  const any = Object.keys(grid.state.filters).length > 0;
  return (
    <Stack
      role="search"
      aria-label={label}
      direction="row"
      useFlexGap
      spacing={1.5}
      sx={{
        flexWrap: 'wrap',
        alignItems: 'center',
        '& > *': { flex: { xs: '1 1 140px', sm: '0 0 auto' } },
      }}
    >
      {children}
      {any && (
        <Button onClick={grid.clearFilters} size="small">
          Clear filters
        </Button>
      )}
    </Stack>
  );
}

/** Free text, sent on Enter or the search button. */
export function TextFilter({ grid, name, label, width = 240 }: { grid: GridControls; name: string; label: string; width?: number }) {
  const current = grid.state.filters[name] ?? '';
  const [text, setText] = useState(current);
  // the address changed (back, a link, Clear filters): show its text
  const [shown, setShown] = useState(current);
  if (shown !== current) {
    setShown(current);
    setText(current);
  }
  const submit = () => {
    if (text.trim() !== current) grid.setFilters({ [name]: text.trim() });
  };
  return (
    <TextField
      size="small"
      label={label}
      value={text}
      onChange={(e) => setText(e.target.value)}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          e.preventDefault();
          submit();
        }
      }}
      onBlur={submit}
      sx={{ minWidth: { sm: width } }}
      slotProps={{
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton aria-label={`Search ${label.toLowerCase()}`} edge="end" size="small" onClick={submit}>
                <SearchIcon fontSize="small" />
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

/** One value of a list, or Any. */
export function SelectFilter({
  grid,
  name,
  label,
  options,
}: {
  grid: GridControls;
  name: string;
  label: string;
  options: ReadonlyArray<readonly [string, string]>;
}) {
  const value = grid.state.filters[name] ?? '';
  return (
    <TextField
      select
      size="small"
      label={label}
      value={options.some(([v]) => v === value) ? value : ''}
      onChange={(e) => grid.setFilters({ [name]: e.target.value })}
      sx={{ minWidth: { sm: 130 } }}
    >
      <MenuItem value="">Any</MenuItem>
      {options.map(([v, text]) => (
        <MenuItem key={v} value={v}>
          {text}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** Yes / No / Any. */
export function YesNoFilter({ grid, name, label }: { grid: GridControls; name: string; label: string }) {
  return (
    <SelectFilter
      grid={grid}
      name={name}
      label={label}
      options={[
        ['true', 'Yes'],
        ['false', 'No'],
      ]}
    />
  );
}

/** A day (YYYY-MM-DD). */
export function DateFilter({ grid, name, label }: { grid: GridControls; name: string; label: string }) {
  const value = grid.state.filters[name] ?? '';
  return (
    <TextField
      type="date"
      size="small"
      label={label}
      value={value}
      onChange={(e) => grid.setFilters({ [name]: e.target.value })}
      slotProps={{ inputLabel: { shrink: true } }}
      sx={{ minWidth: { sm: 150 } }}
    />
  );
}

export function boolFilter(value: string | undefined): boolean | undefined {
  return value === 'true' ? true : value === 'false' ? false : undefined;
}

/** The start of a Manila day (UTC+8) as an ISO time. */
export function dayStart(day: string | undefined): string | undefined {
  return day && /^\d{4}-\d{2}-\d{2}$/.test(day) ? new Date(`${day}T00:00:00+08:00`).toISOString() : undefined;
}

/** The start of the day after a Manila day: an exclusive end. */
export function dayEnd(day: string | undefined): string | undefined {
  const start = dayStart(day);
  return start ? new Date(new Date(start).getTime() + 86_400_000).toISOString() : undefined;
}
