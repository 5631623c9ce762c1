import { io, type Socket } from 'socket.io-client';
import { connect, listen, refusal } from '../../../test/realtime';
import { createUser, PASSWORD, startTestApp, type TestApp } from '../../../test/test-app';

type Member = Awaited<ReturnType<typeof createUser>>;

const TOO_MANY_SOCKETS = 'Too many open connections for this account (at most 20); close other tabs and try again';
const TOO_MANY_HANDSHAKES = 'Too many connection attempts from your network; wait a minute and try again';

/** A connection attempt as a browser behind a proxy makes it (X-Forwarded-For), answering its connect_error message or 'connected'. */
function attemptFrom(url: string, token: string, forwardedFor?: string): Promise<string> {
  const socket: Socket = io(url, {
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    timeout: 5000,
    auth: { token },
    extraHeaders: forwardedFor ? { 'X-Forwarded-For': forwardedFor } : undefined,
  });
  return new Promise((resolve) => {
    socket.once('connect', () => {
      socket.close();
      resolve('connected');
    });
    socket.once('connect_error', (err) => {
      socket.close();
      resolve(err.message);
    });
  });
}

describe('socket caps: open connections per member (real PostgreSQL and Redis)', () => {
  let t: TestApp;
  let url: string;
  let alice: Member;
  let bob: Member;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    // the per-address handshake limit is tested below; here it must not get in the way
    t = await startTestApp({ SOCKET_HANDSHAKES_PER_MINUTE: '10000' });
    url = await listen(t);
    alice = await createUser(t, { firstName: 'Alice' });
    bob = await createUser(t, { firstName: 'Bob' });
  });
  afterEach(() => {
    for (const s of sockets.splice(0)) s.close();
  });
  afterAll(() => t.close());

  it('refuses the 21st socket of one member (over all her sessions) with a clear message, while another member still connects', async () => {
    const second = (await t.http.post('/api/user/login').send({ email: alice.user.email, password: PASSWORD }).expect(200)).body.token as string;
    for (let i = 0; i < 20; i++) sockets.push(await connect(url, i % 2 ? second : alice.token));
    expect(sockets.every((s) => s.connected)).toBe(true);

    expect(await refusal(url, alice.token)).toBe(TOO_MANY_SOCKETS);
    expect(await refusal(url, second)).toBe(TOO_MANY_SOCKETS);
    const other = await connect(url, bob.token);
    sockets.push(other);
    expect(other.connected).toBe(true);

    // closing one frees a place: the next connection of hers is accepted (once the server has seen the close)
    sockets.shift()!.close();
    const until = Date.now() + 5000;
    let outcome = await attemptFrom(url, alice.token);
    while (outcome !== 'connected' && Date.now() < until) {
      expect(outcome).toBe(TOO_MANY_SOCKETS);
      await new Promise((r) => setTimeout(r, 50));
      outcome = await attemptFrom(url, alice.token);
    }
    expect(outcome).toBe('connected');
  });

  it('counts sockets that are still in their handshake: 30 opened at once leave exactly 20 connected', async () => {
    const carol = await createUser(t, { firstName: 'Carol' });
    const outcomes = await Promise.all(
      Array.from({ length: 30 }, () =>
        connect(url, carol.token).then(
          (s) => {
            sockets.push(s);
            return 'connected';
          },
          (err: Error) => err.message,
        ),
      ),
    );
    expect(outcomes.filter((o) => o === 'connected')).toHaveLength(20);
    expect(outcomes.filter((o) => o !== 'connected')).toEqual(Array(10).fill(TOO_MANY_SOCKETS));
  });
});

describe('socket caps: handshakes per address per minute (real PostgreSQL and Redis)', () => {
  let t: TestApp;
  let url: string;
  let alice: Member;

  afterEach(() => t.close());

  it('refuses handshakes past the limit from one address, bad tokens included, and X-Forwarded-For does not get around it', async () => {
    t = await startTestApp({ SOCKET_HANDSHAKES_PER_MINUTE: '5' });
    url = await listen(t);
    alice = await createUser(t);
    expect(await attemptFrom(url, 'not-a-token')).toBe('Invalid or expired token');
    for (let i = 0; i < 4; i++) expect(await attemptFrom(url, alice.token)).toBe('connected');
    expect(await attemptFrom(url, alice.token)).toBe(TOO_MANY_HANDSHAKES);
    expect(await attemptFrom(url, alice.token, '198.51.100.7')).toBe(TOO_MANY_HANDSHAKES);
  });

  it('behind a trusted proxy (TRUST_PROXY), counts per client address from X-Forwarded-For, never the entry the client wrote', async () => {
    t = await startTestApp({ SOCKET_HANDSHAKES_PER_MINUTE: '2', TRUST_PROXY: 'true' });
    url = await listen(t);
    alice = await createUser(t);
    expect(await attemptFrom(url, alice.token, '203.0.113.1')).toBe('connected');
    // the proxy appends the real address; what the client wrote before it does not buy a new budget
    expect(await attemptFrom(url, alice.token, '198.51.100.7, 203.0.113.1')).toBe('connected');
    expect(await attemptFrom(url, alice.token, '198.51.100.8, 203.0.113.1')).toBe(TOO_MANY_HANDSHAKES);
    expect(await attemptFrom(url, alice.token, '198.51.100.8, 203.0.113.2')).toBe('connected');
  });
});
