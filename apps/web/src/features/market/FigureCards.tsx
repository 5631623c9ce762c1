import type { MarketFigure } from '@app/domain';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { formatValue, levelLabel, sampleText } from './format';

/** One headline figure: its value by unit, and (visible, not in a tooltip) its source, period, granularity and sample size. */
export function FigureCard({ figure }: { figure: MarketFigure }) {
  return (
    <Card variant="outlined" component="article" aria-label={figure.label} data-testid="market-figure" sx={{ height: '100%' }}>
      <CardContent sx={{ '&:last-child': { pb: 2 } }}>
        <Typography variant="body2" color="text.secondary" component="h3" sx={{ fontWeight: 600 }}>
          {figure.label}
        </Typography>
        <Typography variant="h5" component="p" sx={{ fontWeight: 700, my: 0.5, overflowWrap: 'anywhere' }} data-testid="market-figure-value">
          {formatValue(figure.value, figure.unit)}
        </Typography>
        <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 1, rowGap: 0.25, typography: 'caption', color: 'text.secondary' }}>
          <dt>Source</dt>
          <dd style={{ margin: 0 }}>{figure.source}</dd>
          <dt>Period</dt>
          <dd style={{ margin: 0 }}>{figure.period}</dd>
          <dt>Area</dt>
          <dd style={{ margin: 0 }}>
            {levelLabel(figure.granularity)}
            {figure.areaName ? `: ${figure.areaName}` : ''}
          </dd>
          <dt>Sample</dt>
          <dd style={{ margin: 0 }}>{sampleText(figure)}</dd>
        </Box>
        {figure.note && (
          <Typography variant="caption" component="p" color="warning.dark" sx={{ mt: 0.75 }}>
            {figure.note}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}

/** The headline figures as cards: one column on a phone, two or three beside each other on wider screens. */
export function FigureCards({ figures }: { figures: readonly MarketFigure[] }) {
  if (figures.length === 0) return null;
  return (
    <Box
      component="section"
      aria-labelledby="market-figures-heading"
      sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' } }}
    >
      <Typography id="market-figures-heading" variant="h6" component="h2" sx={{ gridColumn: '1 / -1' }}>
        Headline figures
      </Typography>
      {figures.map((figure, i) => (
        <FigureCard key={`${figure.label}-${figure.areaCode}-${i}`} figure={figure} />
      ))}
    </Box>
  );
}
