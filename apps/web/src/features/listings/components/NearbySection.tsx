import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { NEARBY_CATEGORIES } from '@app/domain';
import type { AreaNearby, NearbyResult } from '@/lib/api/listings';
import { formatDistance } from '@/lib/format';
import { nearbyCategoryLabel } from '@/lib/listing-text';

export type PoiCoverage = NearbyResult['poiCoverage'];

export const NO_POI_TEXT = 'Nearby places have not been added for this area yet, so we cannot list the restaurants, schools, hospitals and other places around this listing.';
export const IMPORT_POI_COMMAND = 'npm run import:poi -- <extract.osm.pbf>';
export const DEFAULT_POI_ATTRIBUTION = '© OpenStreetMap contributors';

export interface NearbySectionProps {
  areasNearby: AreaNearby[];
  /** 'none': no points of interest were imported for this area (words instead of ten empty categories). */
  poiCoverage?: PoiCoverage;
  /** The data's attribution (ODbL), shown under the places. */
  poiAttribution?: string | null;
  /** Admins are told how to import points of interest. */
  showImportHelp?: boolean;
  loading?: boolean;
}

/** What an admin does when an area has no points of interest (docs/nearby-data.md). */
function ImportHelp() {
  return (
    <Box data-testid="nearby-import-help" sx={{ mt: 1 }}>
      <Typography variant="body2">
        As an admin, import OpenStreetMap data for this area on the server (see docs/nearby-data.md):
      </Typography>
      <Box
        component="code"
        sx={{ display: 'block', mt: 0.5, p: 1, borderRadius: 1, bgcolor: 'action.hover', fontSize: '0.8125rem', overflowWrap: 'anywhere' }}
      >
        {IMPORT_POI_COMMAND}
      </Box>
    </Box>
  );
}

/**
 * "Areas nearby": the spec's categories in the spec's order, each with its closest places and how many
 * there are; words instead of a row of zeros where no points of interest were imported for the area.
 */
export function NearbySection({ areasNearby, poiCoverage, poiAttribution, showImportHelp = false, loading = false }: NearbySectionProps) {
  const byCategory = new Map(areasNearby.map((a) => [a.category, a]));
  const extra = areasNearby.map((a) => a.category).filter((c) => !(NEARBY_CATEGORIES as readonly string[]).includes(c));
  const categories = [...NEARBY_CATEGORIES, ...extra];
  const answered = poiCoverage !== undefined || areasNearby.length > 0;
  return (
    <Stack spacing={1} component="section" aria-labelledby="nearby-title" data-testid="nearby-section">
      <Typography id="nearby-title" variant="h6" component="h2" sx={{ fontWeight: 700 }}>
        Areas nearby
      </Typography>
      {loading && !answered && <Typography color="text.secondary">Looking around…</Typography>}
      {answered && poiCoverage === 'none' && (
        <Alert severity="info" variant="outlined" data-testid="nearby-no-data">
          {NO_POI_TEXT}
          {showImportHelp && <ImportHelp />}
        </Alert>
      )}
      {answered && poiCoverage !== 'none' && (
        <>
          <div>
            {categories.map((category) => {
              const items = [...(byCategory.get(category)?.items ?? [])].sort((a, b) => a.distanceMeters - b.distanceMeters);
              const total = Math.max(byCategory.get(category)?.total ?? 0, items.length);
              return (
                <Accordion key={category} disableGutters variant="outlined" disabled={items.length === 0}>
                  <AccordionSummary expandIcon={<ExpandMoreIcon />}>
                    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                      <Typography>{nearbyCategoryLabel(category)}</Typography>
                      <Chip size="small" label={total ? total : 'none nearby'} />
                    </Stack>
                  </AccordionSummary>
                  <AccordionDetails sx={{ pt: 0 }}>
                    <List dense disablePadding>
                      {items.map((item) => (
                        <ListItem key={item._id} disableGutters>
                          <ListItemText primary={item.name ?? 'Unnamed place'} secondary={formatDistance(item.distanceMeters)} />
                        </ListItem>
                      ))}
                      {total > items.length && (
                        <ListItem disableGutters>
                          <ListItemText secondary={`and ${total - items.length} more within about 2 km`} />
                        </ListItem>
                      )}
                    </List>
                  </AccordionDetails>
                </Accordion>
              );
            })}
          </div>
          <Typography variant="caption" color="text.secondary" data-testid="nearby-attribution">
            Places within about 2 km. Data{' '}
            <Link href="https://www.openstreetmap.org/copyright" target="_blank" rel="noopener noreferrer" color="inherit">
              {poiAttribution ?? DEFAULT_POI_ATTRIBUTION}
            </Link>
            , ODbL.
          </Typography>
        </>
      )}
    </Stack>
  );
}
