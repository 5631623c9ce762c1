import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { NEARBY_CATEGORIES } from '@app/domain';
import type { AreaNearby } from '@/lib/api/listings';
import { formatDistance } from '@/lib/format';
import { nearbyCategoryLabel } from '@/lib/listing-text';

export interface NearbySectionProps {
  areasNearby: AreaNearby[];
  loading?: boolean;
}

/** "Areas nearby": the spec's categories in the spec's order, each with its closest places. */
export function NearbySection({ areasNearby, loading = false }: NearbySectionProps) {
  const byCategory = new Map(areasNearby.map((a) => [a.category, a.items]));
  const extra = areasNearby.map((a) => a.category).filter((c) => !(NEARBY_CATEGORIES as readonly string[]).includes(c));
  const categories = [...NEARBY_CATEGORIES, ...extra];
  return (
    <Stack spacing={1} component="section" aria-labelledby="nearby-title">
      <Typography id="nearby-title" variant="h6" component="h2" sx={{ fontWeight: 700 }}>
        Areas nearby
      </Typography>
      {loading && <Typography color="text.secondary">Looking around…</Typography>}
      <div>
        {categories.map((category) => {
          const items = [...(byCategory.get(category) ?? [])].sort((a, b) => a.distanceMeters - b.distanceMeters);
          return (
            <Accordion key={category} disableGutters variant="outlined" disabled={items.length === 0}>
              <AccordionSummary expandIcon={<ExpandMoreIcon />}>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  <Typography>{nearbyCategoryLabel(category)}</Typography>
                  <Chip size="small" label={items.length} />
                </Stack>
              </AccordionSummary>
              <AccordionDetails sx={{ pt: 0 }}>
                <List dense disablePadding>
                  {items.map((item) => (
                    <ListItem key={item._id} disableGutters>
                      <ListItemText primary={item.name ?? 'Unnamed place'} secondary={formatDistance(item.distanceMeters)} />
                    </ListItem>
                  ))}
                </List>
              </AccordionDetails>
            </Accordion>
          );
        })}
      </div>
    </Stack>
  );
}
