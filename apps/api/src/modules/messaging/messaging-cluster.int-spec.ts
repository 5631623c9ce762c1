import { openDatabase, users, type DatabaseHandle } from '@app/db';
import argon2 from 'argon2';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Socket } from 'socket.io-client';
import { builtServerEnv, clearRedisPrefix, createTestDatabase, startApiProcess, type ApiProcess } from '../../../test/api-process';
import { connect, emitWithAck, eventually, record, refusal, settle } from '../../../test/realtime';
import { PASSWORD, uniqueEmail } from '../../../test/test-app';

interface Message {
  _id: string;
  content: string;
}

/**
 * Two built API processes (ROLE=api) on two ports, one database and one Redis prefix: a user
 * connected to one process and a user connected to the other reach each other through the Redis
 * adapter, both ways, and revoking a session on one process closes its socket on the other.
 */
describe('realtime across two API processes (Redis adapter)', () => {
  const prefix = `cluster_${randomBytes(4).toString('hex')}`;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tahanan-cluster-'));
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let handle: DatabaseHandle;
  let one: ApiProcess;
  let two: ApiProcess;
  const sockets: Socket[] = [];
  let alice: { token: string; id: string };
  let bob: { token: string; id: string };
  let threadId: string;
  let env: Record<string, string>;

  const call = async (base: string, method: string, route: string, token: string, body?: unknown) => {
    const res = await fetch(`${base}${route}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  const member = async (firstName: string, base: string) => {
    const email = uniqueEmail(firstName.toLowerCase());
    const [row] = await handle.db
      .insert(users)
      .values({ email, firstName, lastName: 'Cluster', passwordHash: await argon2.hash(PASSWORD, { type: argon2.argon2id }) })
      .returning();
    const res = await fetch(`${base}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    expect(res.status).toBe(200);
    return { token: ((await res.json()) as { token: string }).token, id: row.id };
  };
  const open = async (base: string, token: string) => {
    const s = await connect(base, token);
    sockets.push(s);
    return s;
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    handle = await openDatabase({ url: database.url, poolSize: 2 });
    env = builtServerEnv(
      { databaseUrl: database.url, redisPrefix: prefix, dir, jwtSecret: randomBytes(32).toString('hex') },
      { ROLE: 'api', DATABASE_POOL_SIZE: '3', WEB_DIST: dir, SOCKET_MAX_PER_USER: '4' },
    );
    [one, two] = await Promise.all([startApiProcess(env), startApiProcess(env)]);
    alice = await member('Alice', one.base);
    bob = await member('Bob', two.base);
    const created = await call(one.base, 'POST', '/api/threads', alice.token, { participantId: bob.id });
    expect(created.status).toBe(201);
    threadId = created.body._id as string;
  }, 90000);

  afterAll(async () => {
    for (const s of sockets) s.close();
    await Promise.all([one?.stop(), two?.stop()]);
    await handle?.close();
    await database?.drop();
    await clearRedisPrefix(prefix);
    rmSync(dir, { recursive: true, force: true });
  }, 30000);

  it('runs two separate processes', () => {
    expect(one.port).not.toBe(two.port);
    expect(one.child.pid).not.toBe(two.child.pid);
  });

  it('delivers socket messages both ways between a user on each process, once each', async () => {
    const a = await open(one.base, alice.token);
    const b = await open(two.base, bob.token);
    const atA = record<Message>(a, 'newMessage');
    const atB = record<Message>(b, 'newMessage');

    const fromA = await emitWithAck<{ success: boolean; message: Message }>(a, 'sendMessage', { threadId, content: 'from process one' });
    expect(fromA.success).toBe(true);
    await eventually(() => atB.length === 1, 'newMessage on process two');
    expect(atB[0]).toMatchObject({ _id: fromA.message._id, content: 'from process one' });

    const fromB = await emitWithAck<{ success: boolean; message: Message }>(b, 'sendMessage', { threadId, content: 'from process two' });
    expect(fromB.success).toBe(true);
    await eventually(() => atA.length === 1, 'newMessage on process one');
    expect(atA[0]).toMatchObject({ _id: fromB.message._id, content: 'from process two' });

    await settle();
    expect(atA.map((m) => m._id)).toEqual([fromB.message._id]);
    expect(atB.map((m) => m._id)).toEqual([fromA.message._id]);
  });

  it('pushes an HTTP send and a read receipt made on one process to the other, and the sender’s tab there', async () => {
    const a = await open(one.base, alice.token);
    const a2 = await open(two.base, alice.token);
    const atA = record<Message>(a, 'newMessage');
    const atA2 = record<Message>(a2, 'newMessage');
    const receipts = record<{ userId: string; messageIds: string[] }>(a, 'messagesRead');

    const sent = await call(one.base, 'POST', `/api/threads/${threadId}/messages`, alice.token, { content: 'over HTTP on one' });
    expect(sent.status).toBe(201);
    await eventually(() => atA.length === 1 && atA2.length === 1, 'newMessage on both of alice’s tabs');
    expect(atA2[0]._id).toBe(sent.body._id);

    const read = await call(two.base, 'POST', `/api/threads/${threadId}/read`, bob.token);
    expect(read.status).toBe(200);
    await eventually(() => receipts.length === 1, 'messagesRead on process one');
    expect(receipts[0]).toMatchObject({ userId: bob.id });
    expect(receipts[0].messageIds).toContain(sent.body._id);
  });

  it('closes a socket on one process when its session is revoked through the other', async () => {
    const token = (await member('Carla', one.base)).token;
    const s = await open(two.base, token);
    const reasons = record<string>(s, 'disconnect');
    expect((await call(one.base, 'GET', '/api/user/logout', token)).status).toBe(200);
    await eventually(() => reasons.length === 1, 'the socket on process two to be disconnected');
    expect(reasons).toEqual(['io server disconnect']);
  });

  it('caps a member’s open sockets over every process, and the sockets of a crashed process stop counting', async () => {
    const dana = await member('Dana', one.base);
    const three = await startApiProcess(env);
    try {
      await open(one.base, dana.token);
      await open(two.base, dana.token);
      await open(three.base, dana.token);
      await open(one.base, dana.token);
      const full = 'Too many open connections for this account (at most 4); close other tabs and try again';
      expect(await refusal(one.base, dana.token)).toBe(full);
      expect(await refusal(two.base, dana.token)).toBe(full);
      expect(await refusal(three.base, dana.token)).toBe(full);

      const exited = new Promise((resolve) => three.child.once('exit', resolve));
      three.child.kill('SIGKILL');
      await exited;
      // nothing cleans up after a killed process: its socket simply is no longer counted
      let outcome = await refusal(two.base, dana.token).catch(() => 'connected');
      const until = Date.now() + 10000;
      while (outcome !== 'connected' && Date.now() < until) {
        expect(outcome).toBe(full);
        await new Promise((r) => setTimeout(r, 100));
        outcome = await refusal(two.base, dana.token).catch(() => 'connected');
      }
      expect(outcome).toBe('connected');
    } finally {
      three.child.kill('SIGKILL');
    }
  }, 60000);
});
