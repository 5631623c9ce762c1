import { useEffect, useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useGetLicensedBrokersQuery } from './verification-api';
import type { BrokerRef } from './types';

export interface BrokerPickerProps {
  value: BrokerRef | null;
  onChange: (broker: BrokerRef | null) => void;
  error?: string;
  disabled?: boolean;
}

export function brokerLabel(b: BrokerRef): string {
  return b.licenceNumber ? `${b.firstName} ${b.lastName} · No. ${b.licenceNumber}` : `${b.firstName} ${b.lastName}`;
}

function useDebounced(value: string, ms: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/** The supervising broker of a salesperson: PRC-licensed brokers found by name, e-mail or licence number. */
export function BrokerPicker({ value, onChange, error, disabled }: BrokerPickerProps) {
  const [input, setInput] = useState('');
  const text = useDebounced(input.trim(), 300);
  const search = text.length >= 2 && (!value || input !== brokerLabel(value));
  const { data, isFetching } = useGetLicensedBrokersQuery({ text }, { skip: !search });
  const options = search ? (data?.brokers ?? []) : value ? [value] : [];

  return (
    <Autocomplete
      value={value}
      onChange={(_, broker) => onChange(broker)}
      inputValue={input}
      onInputChange={(_, v) => setInput(v)}
      options={options}
      filterOptions={(o) => o}
      getOptionLabel={brokerLabel}
      isOptionEqualToValue={(a, b) => a._id === b._id}
      loading={isFetching}
      disabled={disabled}
      noOptionsText={text.length < 2 ? 'Type at least 2 letters of the name, e-mail or licence number' : 'No licensed broker found'}
      renderInput={(params) => (
        <TextField
          {...params}
          label="Supervising broker"
          error={!!error}
          helperText={error ?? 'Your broker confirms from their own account. Only brokers with an approved licence are listed.'}
        />
      )}
    />
  );
}
