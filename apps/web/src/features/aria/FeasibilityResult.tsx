import { lazy, Suspense } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { kindLabel } from '@/lib/listing-text';
import { AriaListingCardView } from './AriaListingCards';
import { FigureTiles, ResultTable, Section, peso, pct } from './ResultParts';
import type { FeasibilityResultView, MarketFigureView } from './result-types';
import { chartValue } from './chart-value';

const TraceChart = lazy(() => import('./TraceChart'));

const MONTHLY_ROWS: Array<[keyof NonNullable<NonNullable<FeasibilityResultView['finance']>['monthly']>, string, number]> = [
  ['rent', 'Rent', 1],
  ['vacancyLoss', 'Vacancy loss', -1],
  ['dues', 'Association dues', -1],
  ['realPropertyTax', 'Real property tax', -1],
  ['insurance', 'Insurance', -1],
  ['maintenance', 'Maintenance', -1],
  ['amortization', 'Loan amortisation', -1],
];

function figureText(f: MarketFigureView): string {
  return f.value === null ? 'No figure' : chartValue(f.value, f.unit);
}

/** A feasibility run's result: costs with their legal basis, the loan, the monthly cash flow, yields, sensitivity, market context, the disclaimer. */
export function FeasibilityResult({ result }: { result: FeasibilityResultView }) {
  const f = result.finance ?? {};
  const a = f.acquisition;
  const loan = f.loan;
  const m = f.monthly;
  const own = result.assumptions?.use === 'own';
  const subject = result.subject;
  const balance = loan?.years?.map((y) => ({ label: `Y${y.year}`, value: y.balance })) ?? [];
  return (
    <Stack spacing={3} data-testid="feasibility-result">
      {subject && (
        <Section title="The property" id="feas-subject">
          {subject.listing ? (
            <AriaListingCardView card={subject.listing} />
          ) : (
            <Typography>
              {peso(subject.price)}
              {subject.kind ? ` · ${kindLabel(subject.kind)}` : ''}
              {subject.floorArea ? ` · ${subject.floorArea} m²` : ''}
              {subject.place ? ` · ${subject.place.name}` : ''}
            </Typography>
          )}
          {subject.zonalValue != null && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              Zonal value {peso(subject.zonalValue)}
              {subject.zonalSource ? ` (${subject.zonalSource})` : ''}
            </Typography>
          )}
        </Section>
      )}

      <Section title="At a glance" id="feas-glance">
        <FigureTiles
          figures={[
            { label: 'Cash needed up front', value: peso(f.cashNeeded), testId: 'feas-cash-needed' },
            { label: 'Monthly amortisation', value: peso(m?.amortization) },
            { label: own ? 'Monthly cost of owning' : 'Net cash flow a month', value: peso(m?.netCashFlow), testId: 'feas-net-cash-flow' },
            { label: 'Gross yield', value: pct(f.grossYieldPct) },
            { label: 'Net yield', value: pct(f.netYieldPct) },
            { label: 'Cap rate', value: pct(f.capRatePct) },
            { label: 'Cash on cash', value: pct(f.cashOnCashPct) },
            { label: 'Payback', value: typeof f.paybackYears === 'number' ? `${f.paybackYears.toLocaleString('en-PH', { maximumFractionDigits: 1 })} years` : '—' },
          ]}
        />
      </Section>

      {a && (
        <Section title="Taxes and fees of buying" id="feas-costs">
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            Tax base: {peso(a.taxBase)} (the {a.baseIs}).
          </Typography>
          <ResultTable
            label="Taxes and fees"
            minWidth={760}
            head={['Item', 'Base', 'Rate', 'Amount', 'Paid by', 'Legal basis']}
            align={['left', 'right', 'right', 'right', 'left', 'left']}
            rows={[
              ...a.lines.map((l) => [
                l.label,
                peso(l.base),
                l.ratePct === null ? 'Schedule' : pct(l.ratePct, 2),
                peso(l.amount),
                l.paidBy === 'buyer' ? 'Buyer' : 'Seller',
                <Typography key="basis" variant="caption" color="text.secondary" component="p" sx={{ minWidth: 240 }}>
                  {l.legalBasis}
                </Typography>,
              ]),
              [<b key="b">Buyer pays</b>, '', '', <b key="bt">{peso(a.buyerTotal)}</b>, '', ''],
              [<b key="s">Seller pays</b>, '', '', <b key="st">{peso(a.sellerTotal)}</b>, '', ''],
            ]}
          />
          {a.note && (
            <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
              {a.note}
            </Typography>
          )}
        </Section>
      )}

      {loan && (
        <Section title="The loan" id="feas-loan">
          <FigureTiles
            figures={[
              { label: 'Loan amount', value: peso(loan.amount) },
              { label: 'Rate a year', value: pct(loan.annualRatePct, 3) },
              { label: 'Term', value: `${loan.termYears} years` },
              { label: 'Monthly', value: peso(loan.monthly) },
              { label: 'Total interest', value: peso(loan.totalInterest) },
              { label: 'Total paid', value: peso(loan.totalPaid) },
            ]}
          />
          {balance.length > 1 && (
            <Box sx={{ mt: 1 }}>
              <Suspense fallback={<Box sx={{ height: 200 }} aria-hidden />}>
                <TraceChart chart={{ title: 'Loan balance by year', unit: 'php', points: balance }} />
              </Suspense>
            </Box>
          )}
        </Section>
      )}

      {m && (
        <Section title="Monthly cash flow" id="feas-monthly">
          <ResultTable
            label="Monthly cash flow"
            head={['', 'A month']}
            align={['left', 'right']}
            rows={[
              ...MONTHLY_ROWS.filter(([key]) => !(own && (key === 'rent' || key === 'vacancyLoss'))).map(([key, label, sign]) => [
                label,
                `${sign < 0 && m[key] ? '− ' : ''}${peso(m[key])}`,
              ]),
              [<b key="n">{own ? 'What owning costs a month' : 'Net cash flow'}</b>, <b key="v">{peso(m.netCashFlow)}</b>],
            ]}
          />
        </Section>
      )}

      {f.sensitivity && f.sensitivity.length > 0 && (
        <Section title="If things change" id="feas-sensitivity">
          <ResultTable
            label="Sensitivity"
            minWidth={480}
            head={['Scenario', 'Change', 'Net cash flow a month', 'Net yield']}
            align={['left', 'left', 'right', 'right']}
            rows={f.sensitivity.map((s) => [s.label, s.change, peso(s.netCashFlow), pct(s.netYieldPct)])}
          />
        </Section>
      )}

      {result.market && (
        <Section title="The market around it" id="feas-market">
          {result.market.title && (
            <Typography variant="subtitle2" sx={{ fontWeight: 700 }}>
              {result.market.url ? (
                <Link component={RouterLink} to={result.market.url}>
                  {result.market.title}
                </Link>
              ) : (
                result.market.title
              )}
            </Typography>
          )}
          {result.market.summary && <Typography variant="body2">{result.market.summary}</Typography>}
          {result.market.fallback && (
            <Typography variant="caption" color="text.secondary" component="p">
              Few listings in the barangay: the figures are {result.market.fallback.area.name}&apos;s ({result.market.fallback.sampleSize} listings).
            </Typography>
          )}
          {result.market.figures && result.market.figures.length > 0 && (
            <Box sx={{ mt: 1 }}>
              <ResultTable
                label="Market figures"
                minWidth={560}
                head={['Figure', 'Value', 'Source', 'Period']}
                align={['left', 'right', 'left', 'left']}
                rows={result.market.figures.map((fig) => [
                  fig.label,
                  figureText(fig),
                  fig.source + (fig.sampleSize ? ` (${fig.sampleSize} listings)` : ''),
                  fig.period,
                ])}
              />
            </Box>
          )}
        </Section>
      )}

      {f.assumptions && f.assumptions.length > 0 && (
        <Section title="Assumptions" id="feas-assumptions">
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {f.assumptions.map((line) => (
              <Typography component="li" variant="body2" key={line}>
                {line}
              </Typography>
            ))}
            {result.assumptions?.monthlyRentSource && result.assumptions.monthlyRentSource !== 'given' && (
              <Typography component="li" variant="body2">
                Rent: {result.assumptions.monthlyRentSource}
              </Typography>
            )}
          </Box>
        </Section>
      )}

      {result.disclaimer && (
        <Alert severity="warning" variant="outlined" data-testid="aria-disclaimer">
          {result.disclaimer}
        </Alert>
      )}
    </Stack>
  );
}
