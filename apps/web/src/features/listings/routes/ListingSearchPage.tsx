import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Drawer from '@mui/material/Drawer';
import Grid from '@mui/material/Grid';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import FilterListIcon from '@mui/icons-material/FilterList';
import SearchIcon from '@mui/icons-material/Search';
import { EmptyState } from '@/components/ui/EmptyState';
import { ListingCard } from '@/components/ui/ListingCard';
import { useFilterListingsQuery, useSearchListingsQuery } from '@/lib/api/generated';
import { errorMessage } from '@/lib/api/errors';
import { listingArgs } from '@/lib/api/listings';
import { listingTypeLabel } from '@/lib/listing-text';
import { onDemand, useOnDemand } from '@/lib/on-demand';
import { SaveListingButton } from '../components/SaveListingButton';
import { PinListingButton } from '@/features/pins/PinButton';
import { SaveSearchButton } from '../components/SaveSearchButton';
import { OfferSwitch, SearchFilters } from '../components/SearchFilters';
import {
  PAGE_SIZES,
  SORT_OPTIONS,
  activeFilterCount,
  parseSearch,
  rebaseSearch,
  resultCountText,
  searchedWordsText,
  toFilterBody,
  toSearchBody,
  toSearchParams,
  updateSearch,
  type SearchState,
  type SortValue,
} from '../search-state';
import { RatesUsed } from '@/components/ui/Price';

// Leaflet (about 45 kB gzip) loads beside the results, not before them.
/**
 * The map (Leaflet) loads beside the list, which never waits for it. If its code cannot be fetched (the
 * connection dropped), the list stays and the map comes once the browser is back online.
 */
const searchResultsMap = onDemand(() => import('../components/SearchResultsMap'));

function describeSearch(state: SearchState): string {
  const parts = [
    state.text && `“${state.text}”`,
    state.types.map(listingTypeLabel).join(', '),
    state.tags.join(', '),
    state.bounds && 'map area',
  ].filter(Boolean);
  return parts.length ? `Listings: ${parts.join(' · ')}` : 'All listings';
}

/** /listings: the search lives in the URL; the text box clears after each search (spec section 4). */
export function ListingSearchPage() {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parseSearch(params), [params]);
  const [draft, setDraft] = useState('');
  const [filtersOpen, setFiltersOpen] = useState(false);
  const SearchResultsMap = useOnDemand(searchResultsMap, true)?.SearchResultsMap;

  // The search last applied: a change made before the page re-rendered with the previous one (the
  // router updates in a transition) is laid over it instead of undoing it.
  const latest = useRef(state);
  const pending = useRef<string[]>([]);
  useEffect(() => {
    const shown = toSearchParams(state).toString();
    const at = pending.current.indexOf(shown);
    if (at < 0) pending.current = []; // a navigation of its own (back, a link): it is the search now
    else pending.current = pending.current.slice(at + 1);
    if (pending.current.length === 0) latest.current = state;
  }, [state]);
  const apply = useCallback(
    (next: SearchState, options: { replace?: boolean } = {}) => {
      const merged = rebaseSearch(state, next, latest.current);
      const params = toSearchParams(merged);
      latest.current = merged;
      pending.current.push(params.toString());
      setParams(params, { replace: options.replace ?? false });
    },
    [setParams, state],
  );

  const searchBody = useMemo(() => toSearchBody(state), [state]);
  // Facet counts for the sidebar; the price range is left out so every band keeps a meaningful count.
  const facetBody = useMemo(() => toFilterBody({ ...state, price: { min: null, max: null } }), [state]);
  const { data, error, isLoading, isFetching } = useSearchListingsQuery(listingArgs.search(searchBody));
  const { data: facets } = useFilterListingsQuery(listingArgs.facets(facetBody));

  const listings = data?.listings ?? [];
  const pagination = data?.pagination;
  // The map shows every match of the search's filters in its view, and re-centres on them when the
  // search (its area aside) changes.
  const mapFilters = useMemo(() => toFilterBody({ ...state, bounds: null }), [state]);
  const searchKey = JSON.stringify({ ...mapFilters, sort: state.sort });
  const filterCount = activeFilterCount(state);

  const submitText = (event: FormEvent) => {
    event.preventDefault();
    apply(updateSearch(state, { text: draft.trim() }));
    setDraft(''); // the query box resets after each search; the URL keeps the applied text
  };

  const onBoundsChange = useCallback(
    (bounds: SearchState['bounds']) => apply(updateSearch(state, { bounds }), { replace: true }),
    [apply, state],
  );

  const filters = <SearchFilters state={state} facets={facets} onChange={(next) => apply(next)} />;
  const shareQuery = toSearchParams({ ...state, page: 1 }).toString();

  return (
    <Container maxWidth="xl" sx={{ py: 3 }}>
      <Stack spacing={2}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ justifyContent: 'space-between' }}>
          <div>
            <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
              Find property
            </Typography>
            <Typography color="text.secondary" aria-live="polite" data-testid="result-count">
              {pagination ? resultCountText(pagination) : ' '}
            </Typography>
            {data?.searchedWords && state.text && (
              <Typography variant="body2" color="text.secondary" data-testid="searched-words">
                {searchedWordsText(state.text, data.searchedWords)}
              </Typography>
            )}
            <RatesUsed currencies={listings.map((l) => l.currency)} />
          </div>
          <Box>
            <SaveSearchButton query={shareQuery} suggestedName={describeSearch(state)} />
          </Box>
        </Stack>

        <Paper variant="outlined" sx={{ p: 2 }}>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' } }}>
            <OfferSwitch state={state} onChange={(next) => apply(next)} />
            <Box component="form" role="search" onSubmit={submitText} sx={{ display: 'flex', gap: 1, flex: 1 }}>
              <TextField
                fullWidth
                size="small"
                label="Search listings"
                placeholder="Name, code, street, barangay or city"
                value={draft}
                onChange={(e) => setDraft(e.target.value)}
                slotProps={{
                  input: {
                    startAdornment: (
                      <InputAdornment position="start">
                        <SearchIcon />
                      </InputAdornment>
                    ),
                  },
                }}
              />
              <Button type="submit" variant="contained">
                Search
              </Button>
            </Box>
            <Stack direction="row" spacing={1.5}>
              <TextField
                select
                size="small"
                label="Sort by"
                value={state.sort}
                onChange={(e) => apply(updateSearch(state, { sort: e.target.value as SortValue }))}
                sx={{ minWidth: { xs: 0, md: 170 }, flex: { xs: 1, md: 'none' } }}
              >
                {SORT_OPTIONS.map((o) => (
                  <MenuItem key={o.value} value={o.value}>
                    {o.label}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                select
                size="small"
                label="Per page"
                value={String(state.limit)}
                onChange={(e) => apply(updateSearch(state, { limit: Number(e.target.value) }))}
                sx={{ minWidth: 96 }}
              >
                {PAGE_SIZES.map((n) => (
                  <MenuItem key={n} value={String(n)}>
                    {n}
                  </MenuItem>
                ))}
              </TextField>
              <Button
                sx={{ display: { md: 'none' }, whiteSpace: 'nowrap', flexShrink: 0 }}
                startIcon={<FilterListIcon />}
                onClick={() => setFiltersOpen(true)}
              >
                Filters{filterCount ? ` (${filterCount})` : ''}
              </Button>
            </Stack>
          </Stack>
          {(state.text || state.bounds || filterCount > 0) && (
            <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', mt: 1.5 }} aria-label="Applied search">
              {state.text && (
                <Chip
                  label={`Text: ${state.text}`}
                  onDelete={() => apply(updateSearch(state, { text: '' }))}
                  color="primary"
                  variant="outlined"
                />
              )}
              {state.bounds && (
                <Chip
                  label="Map area"
                  onDelete={() => apply(updateSearch(state, { bounds: null }))}
                  color="primary"
                  variant="outlined"
                />
              )}
              {filterCount > 0 && <Chip label={`${filterCount} filter${filterCount === 1 ? '' : 's'}`} variant="outlined" />}
            </Stack>
          )}
        </Paper>

        <Grid container spacing={2}>
          <Grid size={{ md: 3 }} sx={{ display: { xs: 'none', md: 'block' } }}>
            <Paper variant="outlined" sx={{ p: 2 }}>
              {filters}
            </Paper>
          </Grid>
          <Drawer open={filtersOpen} onClose={() => setFiltersOpen(false)} sx={{ display: { md: 'none' } }}>
            <Box sx={{ width: 320, p: 2 }}>{filters}</Box>
          </Drawer>

          <Grid size={{ xs: 12, md: 5 }}>
            <Stack spacing={1.5} component="section" aria-label="Results">
              {isFetching && <LinearProgress aria-label="Searching" />}
              {error ? (
                <Alert severity="error">{errorMessage(error)}</Alert>
              ) : isLoading ? (
                [0, 1, 2].map((i) => <Skeleton key={i} variant="rounded" height={140} />)
              ) : listings.length === 0 ? (
                <EmptyState
                  title="No listings match your search"
                  description="Try fewer filters, another area of the map or a different word."
                />
              ) : (
                listings.map((listing) => (
                  <ListingCard
                    key={listing._id}
                    listing={listing}
                    actions={
                      <>
                        <PinListingButton listing={listing} />
                        <SaveListingButton listing={listing} />
                      </>
                    }
                  />
                ))
              )}
              {pagination && pagination.totalPages > 1 && (
                <Pagination
                  sx={{ alignSelf: 'center' }}
                  count={pagination.totalPages}
                  page={state.page}
                  onChange={(_e, page) => apply(updateSearch(state, { page }))}
                  color="primary"
                />
              )}
            </Stack>
          </Grid>

          <Grid size={{ xs: 12, md: 4 }}>
            <Box sx={{ position: { md: 'sticky' }, top: { md: 80 } }}>
              {SearchResultsMap ? (
                <SearchResultsMap
                  listings={listings}
                  filters={mapFilters}
                  bounds={state.bounds}
                  followMap={state.followMap}
                  searchKey={searchKey}
                  onBoundsChange={onBoundsChange}
                  onFollowChange={(followMap, bounds) => apply(updateSearch(state, { followMap, bounds }), { replace: true })}
                />
              ) : (
                <Skeleton variant="rounded" height={600} aria-label="Loading the map" />
              )}
            </Box>
          </Grid>
        </Grid>
      </Stack>
    </Container>
  );
}
