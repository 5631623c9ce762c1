import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import SearchIcon from '@mui/icons-material/Search';
import { useFilterListingsQuery } from '@/lib/api/generated';
import { listingArgs } from '@/lib/api/listings';
import { DEFAULT_SEARCH, toSearchParams, updateSearch } from '@/features/listings/search-state';

/** Buy or rent: the search page's offer filter (sale or rent), as its Buy/Rent switch sets it. */
export const OFFERS = { buy: 'sale', rent: 'rent' } as const;
export type Offer = keyof typeof OFFERS;

interface CityOption {
  code: string;
  name: string;
  count: number;
}

/** The address of the search page for what was typed and picked here (the URL state it reads). */
export function homeSearchPath(text: string, offer: Offer | null, cityCode: string | null): string {
  const state = updateSearch(DEFAULT_SEARCH, {
    text: text.trim(),
    offer: offer ? OFFERS[offer] : null,
    cities: cityCode ? [cityCode] : [],
  });
  const query = toSearchParams(state).toString();
  return query ? `/listings?${query}` : '/listings';
}

/**
 * The home page's search box: free text, Buy/Rent and a city (the cities that have listings, from
 * POST /listing/filter, with their counts). It opens the search page with those filters.
 */
export function HomeSearch() {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [offer, setOffer] = useState<Offer | null>('buy');
  const [city, setCity] = useState<CityOption | null>(null);
  const { data: facets, isFetching } = useFilterListingsQuery(listingArgs.facets({}));
  const cities: CityOption[] = [...(facets?.cities ?? [])].sort((a, b) => a.name.localeCompare(b.name));

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    navigate(homeSearchPath(text, offer, city?.code ?? null));
  };

  return (
    <Paper
      component="form"
      role="search"
      aria-label="Search listings"
      onSubmit={onSubmit}
      elevation={6}
      sx={{ p: { xs: 1.5, sm: 2 }, width: '100%', maxWidth: 880, color: 'text.primary', textAlign: 'left' }}
    >
      <Stack spacing={1.5}>
        <ToggleButtonGroup
          value={offer}
          exclusive
          size="small"
          color="primary"
          aria-label="Buy or rent"
          onChange={(_e, value: Offer | null) => setOffer(value)}
        >
          <ToggleButton value="buy" sx={{ px: 3 }}>
            Buy
          </ToggleButton>
          <ToggleButton value="rent" sx={{ px: 3 }}>
            Rent
          </ToggleButton>
        </ToggleButtonGroup>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5}>
          <TextField
            label="What are you looking for?"
            placeholder="Condo, house and lot, street, listing code…"
            value={text}
            onChange={(e) => setText(e.target.value)}
            sx={{ flex: 3 }}
            slotProps={{ htmlInput: { maxLength: 200 } }}
          />
          <Autocomplete
            options={cities}
            value={city}
            onChange={(_e, value) => setCity(value)}
            loading={isFetching}
            getOptionLabel={(c) => c.name}
            isOptionEqualToValue={(a, b) => a.code === b.code}
            renderOption={(props, c) => {
              const { key, ...rest } = props;
              return (
                <li key={key} {...rest}>
                  {c.name} ({c.count})
                </li>
              );
            }}
            noOptionsText="No city with listings matches"
            sx={{ flex: 2, minWidth: { md: 220 } }}
            renderInput={(params) => <TextField {...params} label="City or municipality" />}
          />
          <Button type="submit" variant="contained" size="large" startIcon={<SearchIcon />} sx={{ px: 4, minHeight: 56 }}>
            Search
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
