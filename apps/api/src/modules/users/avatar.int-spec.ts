import sharp from 'sharp';
import { auth, createUser, startTestApp, type TestApp } from '../../../test/test-app';

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
});
