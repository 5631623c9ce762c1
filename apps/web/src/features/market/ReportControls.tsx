import { KIND_LABELS, LISTING_KINDS } from '@app/domain';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import type { MarketOffer } from './types';

/** Buy or rent: the listing figures' offer. */
export function OfferToggle({ offer, onChange }: { offer: MarketOffer; onChange: (offer: MarketOffer) => void }) {
  return (
    <ToggleButtonGroup
      exclusive
      size="small"
      color="primary"
      value={offer}
      onChange={(_, value: MarketOffer | null) => value && onChange(value)}
      aria-label="Buy or rent"
    >
      <ToggleButton value="sale">Buy</ToggleButton>
      <ToggleButton value="rent">Rent</ToggleButton>
    </ToggleButtonGroup>
  );
}

/** The property kind of the listing figures ('all' or one of LISTING_KINDS). */
export function KindSelect({ kind, onChange, kinds }: { kind: string; onChange: (kind: string) => void; kinds?: readonly string[] }) {
  const options = kinds?.length ? kinds.filter((k) => k !== 'all') : LISTING_KINDS;
  return (
    <TextField select size="small" label="Property kind" value={kind} onChange={(e) => onChange(e.target.value)} sx={{ minWidth: 180 }}>
      <MenuItem value="all">All kinds</MenuItem>
      {options.map((k) => (
        <MenuItem key={k} value={k}>
          {KIND_LABELS[k as keyof typeof KIND_LABELS] ?? k}
        </MenuItem>
      ))}
    </TextField>
  );
}

export function OptionsRow({ children }: { children: React.ReactNode }) {
  return (
    <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
      {children}
    </Stack>
  );
}
