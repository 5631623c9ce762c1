import sharp from 'sharp';
import { PDF_BYTES } from '../../../test/fixtures';
import { listen } from '../../../test/realtime';
import { auth, createUser, startTestApp, type TestApp } from '../../../test/test-app';
import { brokenImages, heldUpload, tempFiles } from '../../../test/uploads';

const png = (w: number, h: number) =>
  sharp({ create: { width: w, height: h, channels: 3, background: { r: 200, g: 80, b: 40 } } }).png().toBuffer();

describe('POST /user/upload/avatar', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await startTestApp();
    token = (await createUser(t)).token;
  });
  afterAll(() => t.close());

  it('stores a resized square WebP and serves it publicly', async () => {
    const res = await t.http
      .post('/api/user/upload/avatar')
      .set(auth(token))
      .attach('image', await png(900, 600), { filename: 'me.png', contentType: 'image/png' })
      .expect(200);
    expect(res.body.avatar).toMatch(/^\/api\/media\/avatars\/[0-9a-f-]+\/[0-9a-f]{16}\.webp$/);
    const file = await t.http.get(res.body.avatar).expect(200);
    expect(file.headers['content-type']).toBe('image/webp');
    const meta = await sharp(file.body as Buffer).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 256, height: 256 });
  });

  it('replaces the previous file', async () => {
    const first = await t.http.post('/api/user/upload/avatar').set(auth(token)).attach('image', await png(300, 300), 'a.png').expect(200);
    await t.http.post('/api/user/upload/avatar').set(auth(token)).attach('image', await png(300, 300), 'b.png').expect(200);
    await t.http.get(first.body.avatar).expect(404);
  });

  it('refuses a file over 2 MB with 413', async () => {
    const big = Buffer.alloc(2 * 1024 * 1024 + 1, 1);
    const res = await t.http.post('/api/user/upload/avatar').set(auth(token)).attach('image', big, 'big.png').expect(413);
    expect(res.body).toEqual({ statusCode: 413, message: "Each file in 'image' must be at most 2 MB", error: 'Payload Too Large' });
  });

  it('refuses bytes that are not an image, whatever the name and declared type say', async () => {
    const fake = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const res = await t.http
      .post('/api/user/upload/avatar')
      .set(auth(token))
      .attach('image', fake, { filename: 'cute.png', contentType: 'image/png' })
      .expect(400);
    expect(res.body.message).toMatch(/not an image/);
    const pdf = Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF');
    await t.http.post('/api/user/upload/avatar').set(auth(token)).attach('image', pdf, 'photo.jpg').expect(400);
  });

  it('refuses a missing file, a wrong field and more than one file', async () => {
    await t.http.post('/api/user/upload/avatar').set(auth(token)).expect(400);
    const wrong = await t.http.post('/api/user/upload/avatar').set(auth(token)).attach('photo', await png(10, 10), 'a.png').expect(400);
    expect(wrong.body.message).toBe("Unexpected file field 'photo'; send files in 'image'");
    await t.http
      .post('/api/user/upload/avatar')
      .set(auth(token))
      .attach('image', await png(10, 10), 'a.png')
      .attach('image', await png(10, 10), 'b.png')
      .expect(400);
  });

  it('needs a login', async () => {
    await t.http.post('/api/user/upload/avatar').attach('image', await png(10, 10), 'a.png').expect(401);
  });

  it('answers 400 (never 500) for a picture whose header is right but whose data is truncated or corrupt', async () => {
    const before = (await t.http.get('/api/current/user').set(auth(token)).expect(200)).body.avatar;
    for (const [name, bytes] of Object.entries(await brokenImages())) {
      const res = await t.http.post('/api/user/upload/avatar').set(auth(token)).attach('image', bytes, `${name}.png`);
      expect({ name, status: res.status, body: res.body }).toEqual({
        name,
        status: 400,
        body: {
          statusCode: 400,
          message: 'The picture could not be read (the file is damaged or incomplete); upload a JPEG, PNG, WebP, GIF or AVIF picture that opens correctly',
          error: 'Bad Request',
        },
      });
    }
    expect((await t.http.get('/api/current/user').set(auth(token)).expect(200)).body.avatar).toBe(before);
    expect(tempFiles(t)).toEqual([]);
  });

  it('leaves no temporary file after a success or an error', async () => {
    await t.http.post('/api/user/upload/avatar').set(auth(token)).attach('image', await png(50, 50), 'a.png').expect(200);
    expect(tempFiles(t)).toEqual([]);
    await t.http.post('/api/user/upload/avatar').set(auth(token)).attach('image', Buffer.alloc(2 * 1024 * 1024 + 1, 1), 'big.png').expect(413);
    expect(tempFiles(t)).toEqual([]);
    await t.http.post('/api/user/upload/avatar').set(auth(token)).attach('image', PDF_BYTES, 'a.png').expect(400);
    expect(tempFiles(t)).toEqual([]);
  });
});

describe('upload rate limit (per member, in Redis, before the body is read)', () => {
  let t: TestApp;
  let a: Awaited<ReturnType<typeof createUser>>;
  let b: Awaited<ReturnType<typeof createUser>>;
  beforeAll(async () => {
    t = await startTestApp({ UPLOADS_PER_HOUR: '3' });
    [a, b] = await Promise.all([createUser(t), createUser(t)]);
  });
  afterAll(() => t.close());

  it('counts every upload request of a member across the upload routes and answers 429 past the limit', async () => {
    const threadId = (await t.http.post('/api/threads').set(auth(a.token)).send({ participantId: b.user._id }).expect(201)).body._id;
    await t.http.post('/api/user/upload/avatar').set(auth(a.token)).attach('image', await png(20, 20), 'a.png').expect(200);
    await t.http.post(`/api/threads/${threadId}/messages`).set(auth(a.token)).attach('attachments', PDF_BYTES, 'plan.pdf').expect(201);
    // a message without files is not an upload
    await t.http.post(`/api/threads/${threadId}/messages`).set(auth(a.token)).send({ content: 'text only' }).expect(201);
    await t.http.post('/api/user/upload/avatar').set(auth(a.token)).attach('image', await png(20, 20), 'b.png').expect(200);

    const res = await t.http.post('/api/user/upload/avatar').set(auth(a.token)).attach('image', await png(20, 20), 'c.png').expect(429);
    expect(res.body).toEqual({ statusCode: 429, message: expect.stringMatching(/^Too many uploads; try again in \d+ minutes?\.$/), error: 'Too Many Requests' });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    await t.http.post(`/api/threads/${threadId}/messages`).set(auth(a.token)).attach('attachments', PDF_BYTES, 'plan.pdf').expect(429);

    // refused before the body is read: a held 10 MB upload gets its 429 at once, and nothing reaches the temp folder
    const held = heldUpload(await listen(t), '/api/user/upload/avatar', { token: a.token, field: 'image' });
    expect((await held.response).status).toBe(429);
    expect(tempFiles(t)).toEqual([]);

    // per member: the other one still uploads
    await t.http.post('/api/user/upload/avatar').set(auth(b.token)).attach('image', await png(20, 20), 'b.png').expect(200);
  });
});
