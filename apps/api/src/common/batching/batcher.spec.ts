import { Batcher } from './batcher';

/** A promise settled from outside. */
function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** A batcher whose batches (and lone runs) wait until the test lets them finish. */
function controlled(options: { maxBatch?: number; maxInFlight?: number; retryAloneOnFailure?: boolean; lingerMs?: number } = {}) {
  const batches: { items: number[]; done: ReturnType<typeof deferred<number[]>> }[] = [];
  const alone: { item: number; done: ReturnType<typeof deferred<number>> }[] = [];
  const batcher = new Batcher<number, number>({
    runBatch: (items) => {
      const done = deferred<number[]>();
      batches.push({ items, done });
      return done.promise;
    },
    runOne: (item) => {
      const done = deferred<number>();
      alone.push({ item, done });
      return done.promise;
    },
    retryAloneOnFailure: options.retryAloneOnFailure ?? true,
    maxBatch: options.maxBatch ?? 100,
    maxInFlight: options.maxInFlight ?? 1,
    lingerMs: options.lingerMs,
  });
  return { batcher, batches, alone };
}

/** Until the batcher's setImmediate flush (and the microtasks that schedule it) has run. */
const turn = async () => {
  for (let i = 0; i < 3; i++) await new Promise((r) => setImmediate(r));
};

describe('Batcher (group commit)', () => {
  it('runs a lone item alone at once, and gathers the items submitted while it runs into one batch', async () => {
    const { batcher, batches, alone } = controlled();
    const first = batcher.submit(1);
    await turn();
    expect(alone.map((a) => a.item)).toEqual([1]);
    const rest = [2, 3, 4].map((i) => batcher.submit(i));
    await turn();
    expect(batches).toHaveLength(0); // one in flight at most: they wait
    alone[0].done.resolve(10);
    await expect(first).resolves.toBe(10);
    await turn();
    expect(batches.map((b) => b.items)).toEqual([[2, 3, 4]]);
    batches[0].done.resolve([20, 30, 40]);
    await expect(Promise.all(rest)).resolves.toEqual([20, 30, 40]);
    expect(batcher.stats).toMatchObject({ batches: 2, items: 4, largest: 3, failedBatches: 0 });
  });

  it('gathers the items of one turn of the event loop, at most maxBatch per batch, maxInFlight batches at once', async () => {
    const { batcher, batches } = controlled({ maxBatch: 3, maxInFlight: 2 });
    const all = [1, 2, 3, 4, 5, 6, 7].map((i) => batcher.submit(i));
    await turn();
    expect(batches.map((b) => b.items)).toEqual([
      [1, 2, 3],
      [4, 5, 6],
    ]);
    batches[0].done.resolve([1, 2, 3]);
    await turn();
    // 7 alone goes through runOne, not runBatch
    expect(batches).toHaveLength(2);
    batches[1].done.resolve([4, 5, 6]);
    await expect(Promise.all(all.slice(0, 6))).resolves.toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('with lingerMs, a batch behind a running one waits that long for more items; with nothing running, none waits', async () => {
    const { batcher, batches, alone } = controlled({ maxInFlight: 2, lingerMs: 40 });
    const first = batcher.submit(1);
    await turn();
    expect(alone.map((a) => a.item)).toEqual([1]); // nothing was running: at once
    const startedAt = Date.now();
    const second = batcher.submit(2);
    await turn();
    const third = batcher.submit(3);
    while (batches.length === 0 && Date.now() - startedAt < 5000) await new Promise((r) => setTimeout(r, 5));
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(35);
    expect(batches.map((b) => b.items)).toEqual([[2, 3]]);
    alone[0].done.resolve(1);
    batches[0].done.resolve([2, 3]);
    await expect(Promise.all([first, second, third])).resolves.toEqual([1, 2, 3]);
  });

  it('when a batch fails, runs each of its items alone: a bad item fails alone, the others succeed once', async () => {
    const { batcher, batches, alone } = controlled({ maxInFlight: 1 });
    const blocker = batcher.submit(0);
    await turn();
    const items = [1, 2, 3].map((i) => batcher.submit(i));
    alone[0].done.resolve(0);
    await blocker;
    await turn();
    expect(batches.map((b) => b.items)).toEqual([[1, 2, 3]]);
    batches[0].done.reject(new Error('invalid byte sequence'));
    await turn();
    expect(alone.slice(1).map((a) => a.item)).toEqual([1, 2, 3]);
    alone[1].done.resolve(10);
    alone[2].done.reject(new Error('bad item'));
    alone[3].done.resolve(30);
    const settled = await Promise.allSettled(items);
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(settled[0]).toMatchObject({ value: 10 });
    expect(settled[2]).toMatchObject({ value: 30 });
    expect(batcher.stats.failedBatches).toBe(1);
    // each item ran once alone after the failed batch, and no more
    expect(alone).toHaveLength(4);
  });

  it('without retryAloneOnFailure, every item of a failed batch gets its error', async () => {
    const { batcher, batches, alone } = controlled({ maxInFlight: 1, retryAloneOnFailure: false });
    const blocker = batcher.submit(0);
    await turn();
    const items = [1, 2].map((i) => batcher.submit(i));
    alone[0].done.resolve(0);
    await blocker;
    await turn();
    const err = new Error('Redis down');
    batches[0].done.reject(err);
    const settled = await Promise.allSettled(items);
    expect(settled).toEqual([
      { status: 'rejected', reason: err },
      { status: 'rejected', reason: err },
    ]);
    expect(alone).toHaveLength(1);
  });
});
