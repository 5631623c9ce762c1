import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { GridControls } from '../use-grid-state';

/** A select filter whose empty value is the page's default (named by the first option), not "Any". */
export function ChoiceFilter({ grid, name, label, options }: { grid: GridControls; name: string; label: string; options: ReadonlyArray<readonly [string, string]> }) {
  const value = grid.state.filters[name] ?? '';
  return (
    <TextField
      select
      size="small"
      label={label}
      value={options.some(([v]) => v === value) ? value : ''}
      onChange={(e) => grid.setFilters({ [name]: e.target.value })}
      sx={{ minWidth: { sm: 170 } }}
      // the empty value is the default choice: show its words, not an empty box
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
    >
      {options.map(([v, text]) => (
        <MenuItem key={v} value={v}>
          {text}
        </MenuItem>
      ))}
    </TextField>
  );
}
