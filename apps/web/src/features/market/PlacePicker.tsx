import { useEffect, useMemo, useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useGetPlaceQuery } from '@/lib/api/generated';
import { levelLabel } from './format';
import { useMarketDropdownsQuery, useMarketSearchPlacesQuery } from './market-api';
import type { MarketPlace } from './types';

/** The text typed, settled for 250 ms. */
function useSettled(value: string, ms = 250): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return settled;
}

const placeLine = (p: MarketPlace) =>
  [levelLabel(p.level), p.context, p.listings !== undefined ? `${p.listings.toLocaleString('en-PH')} listings` : null].filter(Boolean).join(' · ');

/** Find a place by name (POST /bi/search): barangays, cities, provinces and regions. */
export function PlaceSearch({ onPick, offer }: { onPick: (place: MarketPlace) => void; offer?: 'sale' | 'rent' }) {
  const [input, setInput] = useState('');
  const q = useSettled(input.trim());
  const { data = [], isFetching } = useMarketSearchPlacesQuery({ text: q, ...(offer ? { offer } : {}) }, { skip: q.length < 2 });
  return (
    <Autocomplete<MarketPlace>
      options={q.length < 2 ? [] : data}
      filterOptions={(x) => x}
      getOptionLabel={(p) => p.name}
      isOptionEqualToValue={(a, b) => a.code === b.code}
      loading={isFetching}
      inputValue={input}
      onInputChange={(_, value) => setInput(value)}
      onChange={(_, place) => place && onPick(place)}
      noOptionsText={q.length < 2 ? 'Type at least two letters' : 'No place by that name'}
      renderOption={({ key, ...props }, p) => (
        <li key={key} {...props}>
          <Stack>
            <Typography variant="body1">{p.name}</Typography>
            <Typography variant="caption" color="text.secondary">
              {placeLine(p)}
            </Typography>
          </Stack>
        </li>
      )}
      renderInput={(params) => <TextField {...params} size="small" label="Search a barangay, city or province" placeholder="e.g. Bel-Air, Makati" />}
      sx={{ flex: 1, minWidth: 0 }}
    />
  );
}

export interface CascadeValue {
  region: string;
  city: string;
  barangay: string;
}

const EMPTY: CascadeValue = { region: '', city: '', barangay: '' };

/** The selects' values for a place: its region, its city (itself when a city) and itself when a barangay. */
export function cascadeOf(place: { code: string; level: string; regionCode: string | null; cityCode: string | null }): CascadeValue {
  const { level } = place;
  const city = level === 'barangay' ? (place.cityCode ?? '') : level === 'city' || level === 'municipality' || level === 'submunicipality' ? place.code : '';
  return { region: level === 'region' ? place.code : (place.regionCode ?? ''), city, barangay: level === 'barangay' ? place.code : '' };
}

/**
 * Region → city → barangay (GET /bi/dropdownvalue): each choice narrows the next. `onPick` gets the
 * most specific place chosen (a region alone, a city, or a barangay).
 */
export function PlaceCascade({ areaCode, onPick, offer }: { areaCode: string | null; onPick: (place: MarketPlace | null) => void; offer?: 'sale' | 'rent' }) {
  // the choice being made, until the chosen area's place (below) answers
  const [pending, setPending] = useState<CascadeValue>(EMPTY);
  // the area of the address (a pasted link, a place searched by name): its region and city
  const { data: place } = useGetPlaceQuery({ code: areaCode ?? '' }, { skip: !areaCode });
  const value = areaCode && place?.code === areaCode ? cascadeOf(place) : areaCode ? pending : EMPTY;
  const setValue = setPending;

  const regions = useMarketDropdownsQuery({ offer });
  const cities = useMarketDropdownsQuery({ region: value.region, offer }, { skip: !value.region });
  const barangays = useMarketDropdownsQuery({ region: value.region, city: value.city, offer }, { skip: !value.city });
  const regionList = regions.data?.regions ?? [];
  const cityList = useMemo(() => (value.region ? (cities.data?.cities ?? []) : []), [cities.data, value.region]);
  const barangayList = useMemo(() => (value.city ? (barangays.data?.barangays ?? []) : []), [barangays.data, value.city]);

  const pick = (list: MarketPlace[], code: string) => list.find((p) => p.code === code) ?? null;
  const select = (label: string, current: string, list: MarketPlace[], onChange: (code: string) => void, disabled: boolean, empty: string) => (
    <TextField
      select
      size="small"
      label={label}
      value={list.some((p) => p.code === current) ? current : ''}
      onChange={(e) => onChange(e.target.value)}
      disabled={disabled}
      sx={{ minWidth: 0, flex: 1 }}
      slotProps={{ select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 360 } } } } } }}
    >
      <MenuItem value="">
        <em>{empty}</em>
      </MenuItem>
      {list.map((p) => (
        <MenuItem key={p.code} value={p.code}>
          {p.name}
          {p.listings ? ` (${p.listings.toLocaleString('en-PH')} listing${p.listings === 1 ? '' : 's'})` : ''}
        </MenuItem>
      ))}
    </TextField>
  );

  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
      {select(
        'Region',
        value.region,
        regionList,
        (region) => {
          setValue({ region, city: '', barangay: '' });
          onPick(pick(regionList, region));
        },
        regionList.length === 0,
        'Any region',
      )}
      {select(
        'City or municipality',
        value.city,
        cityList,
        (city) => {
          setValue({ ...value, city, barangay: '' });
          onPick(pick(cityList, city) ?? pick(regionList, value.region));
        },
        !value.region || cityList.length === 0,
        value.region ? 'The whole region' : 'Choose a region first',
      )}
      {select(
        'Barangay',
        value.barangay,
        barangayList,
        (barangay) => {
          setValue({ ...value, barangay });
          onPick(pick(barangayList, barangay) ?? pick(cityList, value.city));
        },
        !value.city || barangayList.length === 0,
        value.city ? 'The whole city' : 'Choose a city first',
      )}
    </Stack>
  );
}
