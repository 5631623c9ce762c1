import { CURRENCIES } from '@app/domain';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useCurrencyRates } from '@/lib/api/currency';
import { setDisplayCurrency, useDisplayCurrency } from '@/lib/display-currency';
import { BASE_CURRENCY, currencyName, formatPhpRate, formatRateDate } from '@/lib/money';

/** The currencies of the spec, each with its staff rate and that rate's date. */
export function CurrencyMenu({ anchor, onClose }: { anchor: HTMLElement; onClose: () => void }) {
  const current = useDisplayCurrency();
  const { rates, failed } = useCurrencyRates(true);
  return (
    <Menu
      id="currency-menu"
      anchorEl={anchor}
      open
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{ list: { 'aria-label': 'Show prices in' } }}
    >
      <Typography variant="caption" color="text.secondary" component="li" sx={{ px: 2, py: 0.5, display: 'block', maxWidth: 300 }}>
        Show prices in… Pesos stay beside every converted price. Rates are set by Tahanan staff, not live.
      </Typography>
      {CURRENCIES.map((code) => {
        const rate = rates?.find((r) => r.currency === code);
        const detail =
          code === BASE_CURRENCY
            ? 'Philippine peso, as listed'
            : rate
              ? `${code} 1 = ${formatPhpRate(rate.phpPerUnit)} · rate of ${formatRateDate(rate.asOf)}`
              : failed
                ? 'Rate not available right now'
                : 'Loading rate…';
        const unavailable = code !== BASE_CURRENCY && !rate;
        return (
          <MenuItem
            key={code}
            selected={code === current}
            disabled={unavailable && failed}
            onClick={() => {
              setDisplayCurrency(code);
              onClose();
            }}
          >
            <ListItemText primary={`${code} — ${currencyName(code)}`} secondary={detail} />
          </MenuItem>
        );
      })}
    </Menu>
  );
}
