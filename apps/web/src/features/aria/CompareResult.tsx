import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import EmojiEventsOutlinedIcon from '@mui/icons-material/EmojiEventsOutlined';
import { formatArea } from '@/lib/format';
import { kindLabel } from '@/lib/listing-text';
import { cardHref } from './AriaListingCards';
import { ResultTable, Section, peso, pct } from './ResultParts';
import type { CompareResultView, CompareRowView } from './result-types';

const signedPct = (v: number | null | undefined) => (typeof v === 'number' ? `${v > 0 ? '+' : ''}${pct(v)}` : '—');

/** The attributes compared, one row each; the listings are the columns. */
const ATTRIBUTES: Array<[string, (r: CompareRowView) => string]> = [
  ['Price', (r) => `${peso(r.price)}${r.offer === 'rent' ? '/month' : ''}`],
  ['Price/m²', (r) => (r.pricePerSqm != null ? `${peso(r.pricePerSqm)}/m²` : '—')],
  ['Barangay median/m²', (r) => (r.barangayMedianPricePerSqm != null ? `${peso(r.barangayMedianPricePerSqm)}/m²` : 'No figure')],
  ['vs the barangay', (r) => signedPct(r.vsBarangayPct)],
  ['Floor area', (r) => (r.floorArea != null ? formatArea(r.floorArea) : r.lotArea != null ? `${formatArea(r.lotArea)} lot` : '—')],
  ['Bedrooms', (r) => (r.bedrooms != null ? String(r.bedrooms) : '—')],
  ['Bathrooms', (r) => (r.bathrooms != null ? String(r.bathrooms) : '—')],
  ['Kind', (r) => (r.kind ? kindLabel(r.kind) : r.type)],
  ['Place', (r) => [r.barangayName, r.cityName].filter(Boolean).join(', ')],
  ['Verified', (r) => (r.verified ? 'Yes' : 'No')],
  ['Est. gross yield', (r) => pct(r.estimatedGrossYieldPct)],
  ['Nearby', (r) => (r.amenities ?? []).filter((x) => x.count > 0).map((x) => `${x.count} ${x.category}`).join(', ') || '—'],
];

/** A comparison's result: the listings side by side, the recommendation with its reasons, risk notes, the disclaimer. */
export function CompareResult({ result }: { result: CompareResultView }) {
  const rows = result.rows ?? [];
  const chosen = result.recommendation ? rows.find((r) => r.id === result.recommendation!.listingId) : undefined;
  return (
    <Stack spacing={3} data-testid="compare-result">
      {result.recommendation && (
        <Paper variant="outlined" sx={{ p: 2, borderColor: 'success.main' }} data-testid="compare-recommendation">
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
            <EmojiEventsOutlinedIcon color="success" />
            <Typography variant="h6" component="h3" sx={{ fontWeight: 700 }}>
              Recommendation: {chosen ? chosen.name : 'see the reasons'}
            </Typography>
          </Stack>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {result.recommendation.reasons.map((reason) => (
              <Typography component="li" variant="body2" key={reason}>
                {reason}
              </Typography>
            ))}
          </Box>
        </Paper>
      )}
      <Section title="Side by side" id="compare-table">
        <ResultTable
          label="Listings compared"
          head={['', ...rows.map((r) => r.name)]}
          rows={[
            [
              'Listing',
              ...rows.map((r) => (
                <Stack key={r.id} spacing={0.5} sx={{ minWidth: 140 }}>
                  <Link component={RouterLink} to={cardHref(r)} sx={{ fontWeight: 700 }}>
                    {r.code || r.name}
                  </Link>
                  {r.id === result.recommendation?.listingId && <Chip size="small" color="success" label="Recommended" sx={{ alignSelf: 'flex-start' }} />}
                </Stack>
              )),
            ],
            ...ATTRIBUTES.map(([label, value]) => [label, ...rows.map((r) => value(r))]),
          ]}
        />
      </Section>
      {rows.some((r) => (r.riskNotes ?? []).length > 0) && (
        <Section title="Risk notes" id="compare-risks">
          <Stack spacing={1}>
            {rows
              .filter((r) => (r.riskNotes ?? []).length > 0)
              .map((r) => (
                <Box key={r.id}>
                  <Typography variant="subtitle2" sx={{ fontWeight: 700 }}>
                    {r.name}
                  </Typography>
                  <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                    {r.riskNotes!.map((note) => (
                      <Typography component="li" variant="body2" key={note}>
                        {note}
                      </Typography>
                    ))}
                  </Box>
                </Box>
              ))}
          </Stack>
        </Section>
      )}
      {(result.notes ?? []).length > 0 && (
        <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
          {result.notes!.map((note) => (
            <Typography component="li" variant="body2" color="text.secondary" key={note}>
              {note}
            </Typography>
          ))}
        </Box>
      )}
      {result.disclaimer && (
        <Alert severity="warning" variant="outlined" data-testid="aria-disclaimer">
          {result.disclaimer}
        </Alert>
      )}
    </Stack>
  );
}
