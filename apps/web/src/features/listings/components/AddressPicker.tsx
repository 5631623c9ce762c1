import { useEffect } from 'react';
import { useController, useFormContext, useWatch } from 'react-hook-form';
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
      <PlaceSelect
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
      <PlaceSelect
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
