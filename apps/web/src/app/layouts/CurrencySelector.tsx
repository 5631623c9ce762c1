import { lazy, Suspense, useState } from 'react';
import Button from '@mui/material/Button';
import { useDisplayCurrency } from '@/lib/display-currency';

// the menu (popover, list, the rate table's request) loads when someone first opens it
const CurrencyMenu = lazy(() => import('./CurrencyMenu').then((m) => ({ default: m.CurrencyMenu })));

/** The header's "PHP ▾" button: which currency prices show in (pesos always beside). */
export function CurrencySelector() {
  const currency = useDisplayCurrency();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Button
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-label={`Show amounts in: ${currency}`}
        aria-haspopup="menu"
        aria-controls={anchor ? 'currency-menu' : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        color="inherit"
        sx={{ minWidth: 0, px: 1, fontWeight: 600, color: 'text.secondary' }}
        data-testid="currency-selector"
      >
        {currency}
      </Button>
      {anchor && (
        <Suspense fallback={null}>
          <CurrencyMenu anchor={anchor} onClose={() => setAnchor(null)} />
        </Suspense>
      )}
    </>
  );
}
