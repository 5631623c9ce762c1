import { useState, type ReactNode } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { FURNISHINGS, KIND_TYPE, LISTING_KINDS, LISTING_TAGS, LISTING_TYPES, type ListingOffer } from '@app/domain';
import { useListBarangaysQuery } from '@/lib/api/generated';
import type { ListingFacets } from '@/lib/api/listings';
import { furnishingLabel, kindLabel, listingStatusLabel, listingTypeLabel, priceBandLabel } from '@/lib/listing-text';
import {
  AT_LEAST_CHOICES,
  DEFAULT_SEARCH,
  SEARCH_STATUSES,
  priceBandChoices,
  togglePriceBand,
  updateSearch,
  type SearchState,
} from '../search-state';
import { RangeFields } from './RangeFields';

export interface SearchFiltersProps {
  state: SearchState;
  facets?: ListingFacets;
  onChange: (next: SearchState) => void;
}

function countOf(list: ReadonlyArray<{ value: string; count: number }> | undefined, value: string): number | null {
  if (!list) return null;
  return list.find((f) => f.value === value)?.count ?? 0;
}

/** A choice with its count: "Residential (1,234)", or "Residential (≈1,200)" when the counts are estimates. */
export function withCount(label: string, count: number | null, estimated = false): string {
  return count === null ? label : `${label} (${estimated ? '≈' : ''}${count.toLocaleString('en-PH')})`;
}

function toggle(list: string[], value: string): string[] {
  return list.includes(value) ? list.filter((v) => v !== value) : [...list, value];
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack component="fieldset" spacing={1} sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ fontWeight: 700, mb: 0.5 }}>
        {title}
      </Typography>
      {children}
    </Stack>
  );
}

function CodeField({ value, onApply }: { value: string; onApply: (code: string) => void }) {
  const [draft, setDraft] = useState(value);
  const commit = () => {
    if (draft.trim() !== value) onApply(draft.trim());
  };
  return (
    <TextField
      label="Listing code"
      size="small"
      value={draft}
      onChange={(e) => setDraft(e.target.value)}
      onBlur={commit}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          e.preventDefault();
          commit();
        }
      }}
    />
  );
}

interface CityOption {
  code: string;
  name: string;
  count: number | null;
}

/** The barangays of the one chosen city (the picker shows only then). */
function BarangayFilter({ cityCode, value, onChange }: { cityCode: string; value: string[]; onChange: (v: string[]) => void }) {
  const { data: barangays = [], isFetching } = useListBarangaysQuery({ cityCode });
  const options = barangays.map((b) => b.code);
  const names = new Map(barangays.map((b) => [b.code, b.name]));
  return (
    <Autocomplete
      multiple
      size="small"
      options={options}
      loading={isFetching}
      value={value}
      getOptionLabel={(code) => names.get(code) ?? code}
      onChange={(_e, next) => onChange(next)}
      renderInput={(params) => <TextField {...params} label="Barangay" />}
    />
  );
}

/** Buy or rent (or both): the first choice of a search, kept in the URL as `offer`. */
export function OfferSwitch({ state, onChange }: Omit<SearchFiltersProps, 'facets'>) {
  return (
    <ToggleButtonGroup
      exclusive
      size="small"
      color="primary"
      value={state.offer ?? 'any'}
      onChange={(_e, v: string | null) => {
        if (v) onChange(updateSearch(state, { offer: v === 'any' ? null : (v as ListingOffer) }));
      }}
      aria-label="Buy or rent"
      sx={{ '& .MuiToggleButton-root': { px: 2, textTransform: 'none', fontWeight: 600 } }}
    >
      <ToggleButton value="any">Any</ToggleButton>
      <ToggleButton value="sale">Buy</ToggleButton>
      <ToggleButton value="rent">Rent</ToggleButton>
    </ToggleButtonGroup>
  );
}

function AtLeastSelect({ label, value, noun, onChange }: { label: string; value: number | null; noun: string; onChange: (n: number | null) => void }) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value === null ? '' : String(value)}
      onChange={(e) => onChange(e.target.value === '' ? null : Number(e.target.value))}
      sx={{ flex: 1, minWidth: 0 }}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
    >
      <MenuItem value="">Any</MenuItem>
      {AT_LEAST_CHOICES.map((n) => (
        <MenuItem key={n} value={String(n)}>
          {`${n}+ ${noun}`}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** Every filter of POST /listing/search, with the facet counts of POST /listing/filter. */
export function SearchFilters({ state, facets, onChange }: SearchFiltersProps) {
  const estimated = facets?.estimated ?? false;
  // an estimate from the rows read says nothing of a value none of them had: no count, not "≈0"
  const counted = (label: string, count: number | null) => withCount(label, estimated && count === 0 ? null : count, estimated);
  const apply = (patch: Partial<SearchState>) => onChange(updateSearch(state, patch));
  const bands = priceBandChoices(state, facets?.priceBands);

  const cityOptions: CityOption[] = [
    ...(facets?.cities ?? []).map((c) => ({ code: c.code, name: c.name, count: c.count })),
    ...state.cities
      .filter((code) => !facets?.cities.some((c) => c.code === code))
      .map((code) => ({ code, name: code, count: null })),
  ];
  const selectedCities = cityOptions.filter((c) => state.cities.includes(c.code));
  // the kinds of the chosen types (all kinds when no type is chosen), and any kind already picked
  const kindChoices = LISTING_KINDS.filter(
    (k) => state.types.length === 0 || state.types.includes(KIND_TYPE[k]) || state.kinds.includes(k),
  );

  return (
    <Stack spacing={2.5} component="form" aria-label="Filters" onSubmit={(e) => e.preventDefault()}>
      <Section title="Property type">
        <FormGroup>
          {LISTING_TYPES.map((type) => (
            <FormControlLabel
              key={type}
              control={
                <Checkbox
                  size="small"
                  checked={state.types.includes(type)}
                  onChange={() => apply({ types: toggle(state.types, type) })}
                />
              }
              label={counted(listingTypeLabel(type), countOf(facets?.types, type))}
            />
          ))}
        </FormGroup>
      </Section>

      <Section title="Property kind">
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.75 }} role="group" aria-label="Property kinds">
          {kindChoices.map((kind) => {
            const selected = state.kinds.includes(kind);
            return (
              <Chip
                key={kind}
                label={counted(kindLabel(kind), countOf(facets?.kinds, kind))}
                color={selected ? 'primary' : 'default'}
                variant={selected ? 'filled' : 'outlined'}
                aria-pressed={selected}
                onClick={() => apply({ kinds: toggle(state.kinds, kind) })}
                size="small"
              />
            );
          })}
        </Stack>
      </Section>

      <Divider />
      <Section title="Rooms and parking">
        <Stack direction="row" spacing={1}>
          <AtLeastSelect label="Bedrooms" noun="bedrooms" value={state.bedrooms} onChange={(bedrooms) => apply({ bedrooms })} />
          <AtLeastSelect label="Bathrooms" noun="bathrooms" value={state.bathrooms} onChange={(bathrooms) => apply({ bathrooms })} />
        </Stack>
        <AtLeastSelect label="Parking" noun="slots" value={state.parkingSlots} onChange={(parkingSlots) => apply({ parkingSlots })} />
      </Section>

      <Divider />
      <Section title="Furnishing">
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.75 }} role="group" aria-label="Furnishing options">
          {FURNISHINGS.map((f) => {
            const selected = state.furnishings.includes(f);
            return (
              <Chip
                key={f}
                label={counted(furnishingLabel(f), countOf(facets?.furnishings, f))}
                color={selected ? 'primary' : 'default'}
                variant={selected ? 'filled' : 'outlined'}
                aria-pressed={selected}
                onClick={() => apply({ furnishings: toggle(state.furnishings, f) })}
                size="small"
              />
            );
          })}
        </Stack>
      </Section>

      <Divider />
      <Section title="Price">
        <RangeFields label="Price" prefix="₱" value={state.price} onChange={(price) => apply({ price })} />
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.75 }} role="group" aria-label="Price bands">
          {bands.map((band) => (
            <Chip
              key={band.key}
              label={counted(priceBandLabel(band), band.count)}
              color={band.selected ? 'primary' : 'default'}
              variant={band.selected ? 'filled' : 'outlined'}
              aria-pressed={band.selected}
              onClick={() => onChange(togglePriceBand(state, band))}
              size="small"
            />
          ))}
        </Stack>
      </Section>

      <Divider />
      <Section title="Tags">
        <Autocomplete
          multiple
          size="small"
          options={[...LISTING_TAGS]}
          value={state.tags}
          onChange={(_e, tags) => apply({ tags })}
          getOptionLabel={(tag) => tag}
          renderOption={(props, tag) => {
            const { key, ...rest } = props;
            return (
              <li key={key} {...rest}>
                {counted(tag, countOf(facets?.tags, tag))}
              </li>
            );
          }}
          renderInput={(params) => <TextField {...params} label="Tags" />}
        />
      </Section>

      <Divider />
      <Section title="Status">
        <FormGroup row>
          {SEARCH_STATUSES.map((status) => (
            <FormControlLabel
              key={status}
              control={
                <Checkbox
                  size="small"
                  checked={state.statuses.includes(status)}
                  onChange={() => apply({ statuses: toggle(state.statuses, status) })}
                />
              }
              label={listingStatusLabel(status)}
            />
          ))}
        </FormGroup>
      </Section>

      <Divider />
      <Section title="Lot size">
        <RangeFields label="Lot" suffix="m²" value={state.lotSize} onChange={(lotSize) => apply({ lotSize })} />
      </Section>
      <Section title="Floor size">
        <RangeFields label="Floor" suffix="m²" value={state.floorSize} onChange={(floorSize) => apply({ floorSize })} />
      </Section>

      <Divider />
      <Section title="Location">
        <Autocomplete
          multiple
          size="small"
          options={cityOptions}
          value={selectedCities}
          isOptionEqualToValue={(a, b) => a.code === b.code}
          getOptionLabel={(c) => c.name}
          onChange={(_e, cities) => apply({ cities: cities.map((c) => c.code), barangays: [] })}
          renderOption={(props, city) => {
            const { key, ...rest } = props;
            return (
              <li key={key} {...rest}>
                {counted(city.name, city.count)}
              </li>
            );
          }}
          noOptionsText="No cities with listings"
          renderInput={(params) => <TextField {...params} label="City or municipality" />}
        />
        {state.cities.length === 1 && (
          <BarangayFilter
            cityCode={state.cities[0]}
            value={state.barangays}
            onChange={(barangays) => apply({ barangays })}
          />
        )}
      </Section>

      <Divider />
      <Section title="Rating and trust">
        <TextField
          select
          size="small"
          label="Minimum rating"
          value={state.minRating === null ? '' : String(state.minRating)}
          onChange={(e) => apply({ minRating: e.target.value === '' ? null : Number(e.target.value) })}
        >
          <MenuItem value="">Any rating</MenuItem>
          {[1, 2, 3, 4, 5].map((n) => (
            <MenuItem key={n} value={String(n)}>
              {n === 5 ? '5 stars' : `${n}+ stars`}
            </MenuItem>
          ))}
        </TextField>
        <FormControlLabel
          control={<Switch checked={state.verifiedOnly} onChange={(e) => apply({ verifiedOnly: e.target.checked })} />}
          label="Verified listings only"
        />
        <CodeField key={state.code} value={state.code} onApply={(code) => apply({ code })} />
      </Section>

      <Button
        variant="text"
        onClick={() =>
          onChange({
            ...DEFAULT_SEARCH,
            offer: state.offer,
            text: state.text,
            bounds: state.bounds,
            followMap: state.followMap,
            sort: state.sort,
            limit: state.limit,
          })
        }
      >
        Clear filters
      </Button>
    </Stack>
  );
}
