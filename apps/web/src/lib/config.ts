/** App-wide configuration read once from the Vite environment. */
export const APP_NAME: string = import.meta.env.VITE_APP_NAME || 'Tahanan';

/** Where the browser goes to start a social sign-in (same origin, through the /api prefix). */
export function socialLoginUrl(provider: string): string {
  return `/api/auth/${encodeURIComponent(provider)}/login`;
}
