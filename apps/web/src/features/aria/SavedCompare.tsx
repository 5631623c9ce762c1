import { lazy, Suspense, useState } from 'react';
import { ARIA_COMPARE_MAX, ARIA_COMPARE_MIN } from '@app/domain';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import CompareArrowsIcon from '@mui/icons-material/CompareArrows';

const CompareDialog = lazy(() => import('./CompareDialog').then((m) => ({ default: m.CompareDialog })));

export interface CompareSelection {
  chosen: Array<{ id: string; name: string }>;
  toggle: (listing: { id: string; name: string }) => void;
}

/** The saved listings chosen for "Compare with ARIA". */
export function useCompareSelection(): CompareSelection {
  const [chosen, setChosen] = useState<Array<{ id: string; name: string }>>([]);
  const toggle = (l: { id: string; name: string }) =>
    setChosen((all) => (all.some((c) => c.id === l.id) ? all.filter((c) => c.id !== l.id) : all.length >= ARIA_COMPARE_MAX ? all : [...all, l]));
  return { chosen, toggle };
}

/** A saved listing's "Compare" checkbox. */
export function CompareToggle({ selection, listing }: { selection: CompareSelection; listing: { _id: string; name: string } }) {
  const checked = selection.chosen.some((c) => c.id === listing._id);
  const full = !checked && selection.chosen.length >= ARIA_COMPARE_MAX;
  return (
    <Tooltip title={full ? `At most ${ARIA_COMPARE_MAX} listings` : 'Compare with ARIA'}>
      <span>
        <Checkbox
          checked={checked}
          disabled={full}
          onChange={() => selection.toggle({ id: listing._id, name: listing.name })}
          slotProps={{ input: { 'aria-label': `Compare ${listing.name}` } }}
        />
      </span>
    </Tooltip>
  );
}

/** "Compare with ARIA" for the chosen saved listings (2 to 5). */
export function CompareBar({ selection }: { selection: CompareSelection }) {
  const [open, setOpen] = useState(false);
  const n = selection.chosen.length;
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}>
        <Typography variant="body2" color="text.secondary">
          {n === 0
            ? `Tick ${ARIA_COMPARE_MIN} to ${ARIA_COMPARE_MAX} listings to compare them with ARIA.`
            : `${n} listing${n === 1 ? '' : 's'} chosen${n < ARIA_COMPARE_MIN ? `: choose at least ${ARIA_COMPARE_MIN}` : ''}.`}
        </Typography>
        <Button variant="contained" startIcon={<CompareArrowsIcon />} disabled={n < ARIA_COMPARE_MIN} onClick={() => setOpen(true)}>
          Compare with ARIA
        </Button>
      </Stack>
      <Suspense fallback={null}>{open && <CompareDialog open onClose={() => setOpen(false)} listings={selection.chosen} />}</Suspense>
    </Paper>
  );
}
