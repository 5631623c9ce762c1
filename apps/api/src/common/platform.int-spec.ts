import { auth, createUser, startTestApp, type TestApp } from '../../test/test-app';

describe('platform behaviour (HTTP)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ CORS_ORIGINS: 'https://app.tahanan.ph' });
  });
  afterAll(() => t.close());

  it('reports the database and Redis on /api/health', async () => {
    const res = await t.http.get('/api/health').expect(200);
    expect(res.body).toEqual({ status: 'ok', database: 'up', redis: 'up', search: 'memory', process: 1 });
  });

  it('answers an unknown /api path with 404 JSON', async () => {
    const res = await t.http.get('/api/no/such/thing').expect(404);
    expect(res.body).toEqual({ statusCode: 404, message: 'No route GET /api/no/such/thing', error: 'Not Found' });
  });

  it('answers a known path with the wrong method 405 with an Allow header', async () => {
    const res = await t.http.delete('/api/user/login').expect(405);
    expect(res.headers.allow).toBe('POST');
    expect(res.body).toMatchObject({ statusCode: 405, error: 'Method Not Allowed' });
    const param = await t.http.post('/api/user/get/0b0c7a7e-2a36-4a7c-9a0e-1d2a3b4c5d6e').expect(405);
    expect(param.headers.allow).toBe('GET, HEAD');
  });

  it('serves the React app for any other path, and JSON errors never leak HTML', async () => {
    const page = await t.http.get('/some/deep/link').expect(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.text).toContain('<div id="root">');
    const bad = await t.http.post('/api/user/login').set('Content-Type', 'application/json').send('{"email":').expect(400);
    expect(bad.body).toEqual({ statusCode: 400, message: 'The request body is not valid JSON', error: 'Bad Request' });
  });

  it('sends the security headers and honours the CORS allow-list', async () => {
    const res = await t.http.get('/api/health').set('Origin', 'https://app.tahanan.ph').expect(200);
    expect(res.headers['access-control-allow-origin']).toBe('https://app.tahanan.ph');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-powered-by']).toBeUndefined();
    const other = await t.http.get('/api/health').set('Origin', 'https://evil.example').expect(200);
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('serves Swagger UI and the OpenAPI document with security per route', async () => {
    await t.http.get('/api/docs').redirects(1).expect(200);
    const doc = await t.http.get('/api/docs-json').expect(200);
    expect(doc.body.paths['/api/user/login'].post.security).toEqual([]);
    expect(doc.body.paths['/api/user/get/all'].get.security).toEqual([{ bearer: [] }]);
    expect(doc.body.paths['/api/user/get/all'].get['x-roles']).toEqual(['viewer', 'admin', 'super_admin']);
    expect(doc.body.paths['/api/user/admin/create'].post['x-roles']).toEqual(['super_admin']);
  });

  it('denies by default: every documented non-public route answers 401 to a guest', async () => {
    const doc = (await t.http.get('/api/docs-json')).body as { paths: Record<string, Record<string, { security: unknown[] }>> };
    const sample = '0b0c7a7e-2a36-4a7c-9a0e-1d2a3b4c5d6e';
    let checked = 0;
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        if (op.security.length === 0) continue;
        const url = path.replace(/\{[^}]+\}/g, sample);
        const res = await (t.http as unknown as Record<string, (u: string) => Promise<{ status: number }>>)[method](url);
        expect({ method, path, status: res.status }).toEqual({ method, path, status: 401 });
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(10);
  });

  it('keeps the public media route from reading outside storage', async () => {
    await t.http.get('/api/media/..%2F..%2Fetc%2Fpasswd').expect(404);
    await t.http.get('/api/media/avatars/none.webp').expect(404);
  });

  it('documents who may call what: a viewer reads but cannot change', async () => {
    const viewer = await createUser(t, { role: 'viewer' });
    const target = await createUser(t);
    await t.http.get(`/api/user/get/${target.user._id}`).set(auth(viewer.token)).expect(200);
    await t.http.put('/api/user/update').set(auth(viewer.token)).send({ _id: target.user._id, firstName: 'X' }).expect(403);
  });
});
