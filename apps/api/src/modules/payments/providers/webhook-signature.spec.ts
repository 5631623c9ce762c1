import { createHmac } from 'node:crypto';
import { WebhookRejected } from './payment-provider';
import { signPaymongoStyle, verifyPaymongoStyle } from './webhook-signature';

const SECRET = 'whsk_test_9kYpQe3Rr1Zb';
const NOW = 1_750_000_000;
const TOLERANCE = 300;
const body = Buffer.from(JSON.stringify({ data: { id: 'evt_1', type: 'event', attributes: { type: 'payment.paid', livemode: false } } }));

/** The documented recipe, computed here independently: hex HMAC-SHA256 of `t.body` with the webhook secret. */
const hmac = (t: number, raw: Buffer | string, secret = SECRET) => createHmac('sha256', secret).update(`${t}.${raw.toString()}`).digest('hex');

/** The reason verify refuses with, or null when it accepts. */
function refusal(header: string | undefined, opts: { raw?: Buffer; live?: boolean; now?: number; secret?: string } = {}): string | null {
  try {
    verifyPaymongoStyle(header, opts.raw ?? body, opts.secret ?? SECRET, opts.live ?? false, TOLERANCE, opts.now ?? NOW);
    return null;
  } catch (err) {
    if (!(err instanceof WebhookRejected)) throw err;
    return err.message;
  }
}

describe('PayMongo-style webhook signatures', () => {
  it('signs like the documentation: t, te for test mode, li for live mode', () => {
    expect(signPaymongoStyle(body, SECRET, NOW)).toBe(`t=${NOW},te=${hmac(NOW, body)},li=`);
    expect(signPaymongoStyle(body, SECRET, NOW, true)).toBe(`t=${NOW},te=,li=${hmac(NOW, body)}`);
    expect(signPaymongoStyle(body.toString(), SECRET, NOW)).toBe(signPaymongoStyle(body, SECRET, NOW));
  });

  it('accepts a test-mode signature in te and a live one in li', () => {
    expect(refusal(`t=${NOW},te=${hmac(NOW, body)},li=`)).toBeNull();
    expect(refusal(`t=${NOW},te=,li=${hmac(NOW, body)}`, { live: true })).toBeNull();
    // the documented sample order with spaces after the commas is read too
    expect(refusal(`t=${NOW}, te=${hmac(NOW, body)}, li=`)).toBeNull();
  });

  it('checks te for a test event and li for a live one, never the other', () => {
    expect(refusal(`t=${NOW},te=,li=${hmac(NOW, body)}`)).toBe('the signature does not match');
    expect(refusal(`t=${NOW},te=${hmac(NOW, body)},li=`, { live: true })).toBe('the signature does not match');
  });

  it('takes timestamps up to the tolerance either way and refuses beyond it, past and future', () => {
    const at = (t: number) => `t=${t},te=${hmac(t, body)},li=`;
    expect(refusal(at(NOW - TOLERANCE))).toBeNull();
    expect(refusal(at(NOW + TOLERANCE))).toBeNull();
    expect(refusal(at(NOW - TOLERANCE - 1))).toBe('the signature is too old');
    expect(refusal(at(NOW + TOLERANCE + 1))).toBe('the signature is dated in the future (check the clocks)');
  });

  it('refuses a tampered body, a wrong secret and a timestamp changed after signing', () => {
    const header = signPaymongoStyle(body, SECRET, NOW);
    const tampered = Buffer.from(body.toString().replace('payment.paid', 'payment.fail'));
    expect(tampered.length).toBe(body.length);
    expect(refusal(header, { raw: tampered })).toBe('the signature does not match');
    expect(refusal(header, { raw: Buffer.concat([body, Buffer.from(' ')]) })).toBe('the signature does not match');
    expect(refusal(header, { secret: `${SECRET}x` })).toBe('the signature does not match');
    expect(refusal(header.replace(`t=${NOW}`, `t=${NOW - 1}`))).toBe('the signature does not match');
  });

  it('refuses malformed headers with a reason', () => {
    const sig = hmac(NOW, body);
    const cases: Array<[string | undefined, string]> = [
      [undefined, 'no signature header'],
      ['', 'no signature header'],
      ['garbage', 'the signature has no timestamp'],
      [`te=${sig},li=`, 'the signature has no timestamp'],
      [`t=,te=${sig}`, 'the signature has no timestamp'],
      [`t=12ab,te=${sig}`, 'the signature has no timestamp'],
      [`t=-${NOW},te=${sig}`, 'the signature has no timestamp'],
      [`t=${NOW}.5,te=${sig}`, 'the signature has no timestamp'],
      [`t=${NOW}`, 'the signature does not match'],
      [`t=${NOW},te`, 'the signature does not match'],
      [`t=${NOW},,=,te=`, 'the signature does not match'],
    ];
    for (const [header, reason] of cases) expect([header, refusal(header)]).toEqual([header, reason]);
  });

  it('compares in constant time whatever the given length: short, long, non-hex or upper-case signatures are refused, not thrown on', () => {
    const sig = hmac(NOW, body);
    for (const given of ['', 'a', sig.slice(0, 63), `${sig}0`, sig + sig, sig.toUpperCase(), 'z'.repeat(64), 'é'.repeat(64)]) {
      expect([given, refusal(`t=${NOW},te=${given},li=`)]).toEqual([given, 'the signature does not match']);
    }
  });

  it('uses the first of repeated keys (a second te cannot override the first)', () => {
    const sig = hmac(NOW, body);
    expect(refusal(`t=${NOW},te=${'0'.repeat(64)},te=${sig}`)).toBe('the signature does not match');
    expect(refusal(`t=${NOW},te=${sig},te=${'0'.repeat(64)}`)).toBeNull();
  });
});
