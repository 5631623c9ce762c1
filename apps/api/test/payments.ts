import { createServer } from 'node:net';
import { startTestApp, type TestApp } from './test-app';

/** A TCP port free on 127.0.0.1 right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * A test app that also listens on 127.0.0.1 (payment providers, the sandbox's webhook deliveries and
 * local provider servers call it over HTTP). `url` is its address.
 */
export async function startListeningTestApp(env: (port: number) => Record<string, string> = () => ({})): Promise<TestApp & { url: string; port: number }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const t = await startTestApp({ PORT: String(port), PAYMENT_SANDBOX_WEBHOOK_URL: `${url}/api/payment/webhook/sandbox`, ...env(port) });
  await t.app.listen(port, '127.0.0.1');
  return { ...t, url, port };
}

/** Polls `read` until `done` holds for its value (a payment settled by a webhook), failing after `timeoutMs` with the last value. */
export async function until<T>(read: () => Promise<T>, done: (v: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await read();
    if (done(v)) return v;
    if (Date.now() > end) throw new Error(`condition not met in ${timeoutMs} ms; last value: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
