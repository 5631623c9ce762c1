import { startTestApp, type TestApp } from '../../../test/test-app';

/** The Content-Security-Policy header, directive by directive. */
function directives(header: string | undefined): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const part of (header ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) out[name] = values;
  }
  return out;
}

describe('Content-Security-Policy (HTTP)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('allows exactly what the web app loads: same-origin API and sockets, map tiles, local previews of picked files', async () => {
    const page = await t.http.get('/messages/some-thread').expect(200);
    const csp = directives(page.headers['content-security-policy']);
    expect(csp['default-src']).toEqual(["'self'"]);
    expect(csp['script-src']).toEqual(["'self'"]);
    // the composer uploads the File objects it was given: no fetch of blob: URLs, so connect-src stays narrow
    expect(csp['connect-src']).toEqual(["'self'", 'ws:', 'wss:']);
    // attachments are same-origin signed links (/api/threads/…/attachments/…); picked files preview as blob:
    expect(csp['img-src']).toEqual(["'self'", 'data:', 'blob:', 'https://*.tile.openstreetmap.org']);
    expect(csp['media-src']).toEqual(["'self'", 'blob:']);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    // the same policy on API answers
    const api = await t.http.get('/api/health').expect(200);
    expect(directives(api.headers['content-security-policy'])).toEqual(csp);
  });
});
