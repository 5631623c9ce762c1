import { createHmac, timingSafeEqual } from 'node:crypto';
import { WebhookRejected } from './payment-provider';

/**
 * PayMongo's webhook signature (developers.paymongo.com, "Securing a webhook"): the header is
 * `t=<unix seconds>,te=<test signature>,li=<live signature>`, each signature the hex HMAC-SHA256 of
 * `t + "." + raw body` with the webhook's secret. The sandbox provider signs its webhooks the same way.
 */
export function signPaymongoStyle(rawBody: Buffer | string, secret: string, timestamp: number, live = false): string {
  const sig = createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest('hex');
  return live ? `t=${timestamp},te=,li=${sig}` : `t=${timestamp},te=${sig},li=`;
}

/** Checks a PayMongo-style signature header in constant time and refuses timestamps older (or newer) than `toleranceSeconds`. */
export function verifyPaymongoStyle(
  header: string | undefined,
  rawBody: Buffer,
  secret: string,
  live: boolean,
  toleranceSeconds: number,
  nowSeconds = Math.floor(Date.now() / 1000),
): void {
  if (!header) throw new WebhookRejected('no signature header');
  const parts = new Map(
    header.split(',').map((p) => {
      const i = p.indexOf('=');
      return [p.slice(0, i).trim(), p.slice(i + 1).trim()] as const;
    }),
  );
  const t = Number(parts.get('t'));
  if (!Number.isInteger(t)) throw new WebhookRejected('the signature has no timestamp');
  if (Math.abs(nowSeconds - t) > toleranceSeconds) throw new WebhookRejected('the signature is too old');
  const given = parts.get(live ? 'li' : 'te') ?? '';
  const expected = createHmac('sha256', secret).update(`${t}.`).update(rawBody).digest('hex');
  const a = Buffer.from(given, 'utf8');
  const b = Buffer.from(expected, 'utf8');
  if (a.length !== b.length || !timingSafeEqual(a, b)) throw new WebhookRejected('the signature does not match');
}

export function headerOf(headers: Record<string, string | string[] | undefined>, name: string): string | undefined {
  const v = headers[name.toLowerCase()];
  return Array.isArray(v) ? v[0] : v;
}
