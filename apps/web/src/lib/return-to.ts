/**
 * Where a guest goes back to after logging in, and what they were doing: `/login?next=<path>&intent=<what>`.
 * `next` is only ever a same-origin path ("/" then not "/" or "\"), never an address elsewhere, so the
 * login page cannot be used as an open redirect. The intent travels on in the router's location state
 * (not in the address), so a link cannot make a signed-in member save or message something: only the
 * login flow sets it, and the page that performs it clears it.
 */
export const LOGIN_INTENTS = ['message', 'save'] as const;
export type LoginIntent = (typeof LOGIN_INTENTS)[number];

/** Why the login page is shown (the banner above the form). */
export const INTENT_REASONS: Record<LoginIntent, string> = {
  message: 'Log in to message the owner',
  save: 'Log in to save this listing',
};

export interface ReturnTo {
  next: string;
  intent: LoginIntent | null;
}

/** Pages that make no sense to come back to after logging in. */
const NOT_A_DESTINATION = /^\/(login|signup|auth\/|forgot-password|reset-password|verify-email|401|403)/;
const MAX_LENGTH = 512;

/** The path itself when it is a safe same-origin path to return to; null otherwise. */
export function safeNextPath(raw: string | null | undefined): string | null {
  if (!raw || raw.length > MAX_LENGTH) return null;
  if (!raw.startsWith('/') || raw.startsWith('//') || raw.includes('\\')) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw, 'http://same.invalid');
  } catch {
    return null;
  }
  if (url.origin !== 'http://same.invalid') return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  if (NOT_A_DESTINATION.test(url.pathname)) return null;
  return path;
}

export function parseIntent(raw: unknown): LoginIntent | null {
  return typeof raw === 'string' && (LOGIN_INTENTS as readonly string[]).includes(raw) ? (raw as LoginIntent) : null;
}

/** `next` and `intent` from the login or sign-up page's address; null when there is no safe `next`. */
export function returnToFromParams(params: URLSearchParams): ReturnTo | null {
  const next = safeNextPath(params.get('next'));
  return next ? { next, intent: parseIntent(params.get('intent')) } : null;
}

/** The query string that carries a return-to (for links between login and sign-up). */
export function returnToQuery(returnTo: ReturnTo | null): string {
  if (!returnTo) return '';
  const q = new URLSearchParams({ next: returnTo.next });
  if (returnTo.intent) q.set('intent', returnTo.intent);
  return `?${q.toString()}`;
}

/** The login page for a guest who wanted to do something on `next`. */
export function loginPath(next: string, intent: LoginIntent): string {
  return `/login${returnToQuery({ next, intent })}`;
}

/** The router location state that asks the page at `next` to perform the intent once. */
export interface IntentState {
  loginIntent: LoginIntent;
}

export function intentFromState(state: unknown): LoginIntent | null {
  return state && typeof state === 'object' ? parseIntent((state as Partial<IntentState>).loginIntent) : null;
}

/** Where a member goes once the session starts: back to `next` with its intent, or the dashboard. */
export function afterLogin(returnTo: ReturnTo | null): { to: string; state?: IntentState } {
  if (!returnTo) return { to: '/dashboard' };
  return returnTo.intent ? { to: returnTo.next, state: { loginIntent: returnTo.intent } } : { to: returnTo.next };
}

/**
 * Social sign-in leaves the app (provider, then the API, then /auth/callback), so the return-to is kept
 * in this tab's sessionStorage meanwhile, and validated again when it is read back (once).
 */
const SOCIAL_RETURN_KEY = 'socialReturnTo';

export function keepForSocialSignIn(returnTo: ReturnTo | null): void {
  try {
    if (returnTo) window.sessionStorage.setItem(SOCIAL_RETURN_KEY, JSON.stringify(returnTo));
    else window.sessionStorage.removeItem(SOCIAL_RETURN_KEY);
  } catch {
    // storage unavailable: the member lands on the dashboard
  }
}

export function takeSocialReturnTo(): ReturnTo | null {
  try {
    const raw = window.sessionStorage.getItem(SOCIAL_RETURN_KEY);
    window.sessionStorage.removeItem(SOCIAL_RETURN_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<ReturnTo> | null;
    const next = safeNextPath(typeof parsed?.next === 'string' ? parsed.next : null);
    return next ? { next, intent: parseIntent(parsed?.intent) } : null;
  } catch {
    return null;
  }
}
