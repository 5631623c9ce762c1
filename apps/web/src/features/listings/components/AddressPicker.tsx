import { useEffect } from 'react';
import { useController, useFormContext, useWatch } from 'react-hook-form';
import Autocomplete, { createFilterOptions } from '@mui/material/Autocomplete';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  useListBarangaysQuery,
  useListCitiesQuery,
  useListProvincesQuery,
  useListRegionsQuery,
} from '@/lib/api/generated';
import type { Place } from '@/lib/api/listings';
import { MESSAGES, NO_PROVINCE, type ListingFormValues } from '../form/listing-form';

type PlaceField = 'regionCode' | 'provinceCode' | 'cityCode' | 'barangayCode';

function byName(a: Place, b: Place) {
  return a.name.localeCompare(b.name);
}

interface PlaceSelectProps {
  name: PlaceField;
  label: string;
  options: Array<{ code: string; name: string }>;
  loading: boolean;
  disabled?: boolean;
  rules: { validate: (value: string, values: ListingFormValues) => true | string };
  onPicked?: (code: string) => void;
}

function PlaceSelect({ name, label, options, loading, disabled, rules, onPicked }: PlaceSelectProps) {
  const { control } = useFormContext<ListingFormValues>();
  const { field, fieldState } = useController({ name, control, rules });
  const known = options.some((o) => o.code === field.value);
  return (
    <TextField
      select
      fullWidth
      label={label}
      name={field.name}
      inputRef={field.ref}
      // Until its options arrive, a stored code shows as empty rather than as an out-of-range value.
      value={known ? field.value : ''}
      onChange={(e) => {
        field.onChange(e.target.value);
        onPicked?.(e.target.value);
      }}
      onBlur={field.onBlur}
      disabled={disabled || (options.length === 0 && !loading)}
      error={!!fieldState.error}
      helperText={fieldState.error?.message ?? (loading ? 'Loading…' : undefined)}
      slotProps={{ select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 360 } } } } } }}
    >
      {options.map((o) => (
        <MenuItem key={o.code} value={o.code}>
          {o.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** Lower case, no diacritics or punctuation, no "Brgy."/"Barangay"/"City of" words: typing "bel air" finds "Bel-Air". */
export function placeSearchKey(s: string): string {
  return s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .replace(/\b(brgy|bgy|barangay|city of|city|municipality of)\b/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

type Option = { code: string; name: string };
const baseFilter = createFilterOptions<Option>({ stringify: (o) => placeSearchKey(o.name) });
/** Every word typed must start a word of the name, in any order ("makati bel" and "bel air" both work). */
function filterPlaces(options: Option[], state: { inputValue: string; getOptionLabel: (o: Option) => string }): Option[] {
  const words = placeSearchKey(state.inputValue).split(' ').filter(Boolean);
  if (!words.length) return options;
  const matches = options.filter((o) => {
    const key = ` ${placeSearchKey(o.name)}`;
    return words.every((w) => key.includes(` ${w}`));
  });
  // Also accept a match inside a word ("air" in "Bel-Air") when nothing starts with what was typed.
  return matches.length ? matches : baseFilter(options, { ...state, inputValue: words.join(' ') });
}

/** A type-to-search picker (MUI Autocomplete) bound to one form field. */
function PlaceSearch({ name, label, options, loading, disabled, rules, onPicked }: PlaceSelectProps) {
  const { control } = useFormContext<ListingFormValues>();
  const { field, fieldState } = useController({ name, control, rules });
  const selected = options.find((o) => o.code === field.value) ?? null;
  return (
    <Autocomplete<Option>
      options={options}
      value={selected}
      onChange={(_event, option) => {
        const code = option?.code ?? '';
        field.onChange(code);
        onPicked?.(code);
      }}
      onBlur={field.onBlur}
      getOptionLabel={(o) => o.name}
      getOptionKey={(o) => o.code}
      isOptionEqualToValue={(a, b) => a.code === b.code}
      filterOptions={filterPlaces}
      openOnFocus
      autoHighlight
      loading={loading}
      disabled={disabled || (options.length === 0 && !loading)}
      noOptionsText="No match: check the spelling"
      slotProps={{ listbox: { sx: { maxHeight: 320 } } }}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          name={field.name}
          inputRef={field.ref}
          error={!!fieldState.error}
          placeholder="Type to search"
          helperText={fieldState.error?.message ?? (loading ? 'Loading…' : undefined)}
        />
      )}
    />
  );
}

export interface AddressPickerProps {
  /** A barangay (or city) was picked: its centre, when the places data knows it. */
  onPlacePicked?: (place: Place, level: 'city' | 'barangay') => void;
}

/**
 * Region → province → city → barangay, each list from the places routes. A region without provinces
 * (Metro Manila) skips the province step and lists its cities directly; cities of a region that sit
 * outside any province are offered under "Cities outside a province".
 */
export function AddressPicker({ onPlacePicked }: AddressPickerProps) {
  const { control, setValue } = useFormContext<ListingFormValues>();
  const [regionCode, provinceCode, cityCode] = useWatch({
    control,
    name: ['regionCode', 'provinceCode', 'cityCode'],
  });

  const regions = useListRegionsQuery();
  const provinces = useListProvincesQuery({ regionCode }, { skip: !regionCode });
  const regionCities = useListCitiesQuery({ regionCode }, { skip: !regionCode });
  const regionWithoutProvinces = !!regionCode && provinces.isSuccess && provinces.data.length === 0;
  const pickProvince = !!regionCode && !regionWithoutProvinces && !!provinceCode && provinceCode !== NO_PROVINCE;
  const provinceCities = useListCitiesQuery({ provinceCode }, { skip: !pickProvince });
  const barangays = useListBarangaysQuery({ cityCode }, { skip: !cityCode });

  useEffect(() => {
    setValue('regionWithoutProvinces', regionWithoutProvinces);
  }, [regionWithoutProvinces, setValue]);

  const independentCities = (regionCities.data ?? []).filter((c) => !c.provinceCode);
  const provinceOptions = [
    ...[...(provinces.data ?? [])].sort(byName),
    ...(independentCities.length > 0 ? [{ code: NO_PROVINCE, name: 'Cities outside a province' }] : []),
  ];
  const cityPlaces: Place[] = regionWithoutProvinces
    ? (regionCities.data ?? [])
    : provinceCode === NO_PROVINCE
      ? independentCities
      : pickProvince
        ? (provinceCities.data ?? [])
        : [];
  const cityOptions = [...cityPlaces].sort(byName);
  const barangayOptions = cityCode ? [...(barangays.data ?? [])].sort(byName) : [];
  const citiesLoading = regionWithoutProvinces || provinceCode === NO_PROVINCE ? regionCities.isFetching : provinceCities.isFetching;

  const clear = (...fields: PlaceField[]) => {
    for (const f of fields) setValue(f, '', { shouldValidate: false });
  };

  return (
    <Stack spacing={2} data-testid="address-picker">
      <PlaceSelect
        name="regionCode"
        label="Region"
        options={[...(regions.data ?? [])].sort(byName)}
        loading={regions.isFetching}
        rules={{ validate: (v) => !!v || MESSAGES.regionRequired }}
        onPicked={() => clear('provinceCode', 'cityCode', 'barangayCode')}
      />
      {!regionWithoutProvinces && (
        <PlaceSelect
          name="provinceCode"
          label="Province"
          options={provinceOptions}
          loading={provinces.isFetching}
          disabled={!regionCode}
          rules={{ validate: (v, values) => values.regionWithoutProvinces || !!v || MESSAGES.provinceRequired }}
          onPicked={() => clear('cityCode', 'barangayCode')}
        />
      )}
      <PlaceSearch
        name="cityCode"
        label="City or municipality"
        options={cityOptions}
        loading={citiesLoading}
        disabled={!regionCode || (!regionWithoutProvinces && !provinceCode)}
        rules={{ validate: (v) => !!v || MESSAGES.cityRequired }}
        onPicked={(code) => {
          clear('barangayCode');
          const city = cityPlaces.find((c) => c.code === code);
          if (city) onPlacePicked?.(city, 'city');
        }}
      />
      <PlaceSearch
        name="barangayCode"
        label="Barangay"
        options={barangayOptions}
        loading={barangays.isFetching}
        disabled={!cityCode}
        rules={{ validate: (v) => !!v || MESSAGES.barangayRequired }}
        onPicked={(code) => {
          const barangay = barangays.data?.find((b) => b.code === code);
          if (barangay) onPlacePicked?.(barangay, 'barangay');
        }}
      />
    </Stack>
  );
}
