/** Where "Contact sales" (the Enterprise plan) writes to (VITE_SALES_EMAIL; kept out of lib/config.ts, which the first page loads). */
export const SALES_EMAIL: string = import.meta.env.VITE_SALES_EMAIL || 'sales@tahanan.ph';

/** "Contact sales": an e-mail to the sales team about Enterprise. */
export const SALES_LINK = `mailto:${SALES_EMAIL}?subject=${encodeURIComponent('Tahanan Enterprise')}`;
