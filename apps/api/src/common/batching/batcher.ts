export interface BatcherOptions<I, O> {
  /** Runs a batch of two or more items; answers one result per item, in the items' order. */
  runBatch(items: I[]): Promise<O[]>;
  /**
   * Runs one item alone: a batch of one, and every item of a batch that failed when
   * `retryAloneOnFailure` (so that one bad item fails alone and the others still go through).
   */
  runOne(item: I): Promise<O>;
  /** Each failed batch's items are run again one by one (only safe when a failed batch wrote nothing). */
  retryAloneOnFailure: boolean;
  /** Most items in one batch. */
  maxBatch: number;
  /** Most batches running at once; while they run, new items wait and form the next batch. */
  maxInFlight: number;
  /**
   * While another batch is running, milliseconds the next one waits for more items before it starts
   * (0: none, the turn of the event loop only). With nothing running, an item never waits.
   */
  lingerMs?: number;
}

interface Pending<I, O> {
  item: I;
  resolve(value: O): void;
  reject(err: unknown): void;
}

/**
 * Group commit without a timer: items submitted while a batch is running (or in the same turn of the
 * event loop) are gathered and run together as the next batch, at most `maxInFlight` batches at once.
 * A lone item runs at once (no wait is added under light load); under load the batches grow by
 * themselves, so the per-round-trip costs (a write to a socket, a commit) are paid once per batch.
 */
export class Batcher<I, O> {
  private readonly queue: Pending<I, O>[] = [];
  private inFlight = 0;
  private scheduled = false;
  /** Counters for tests and profiling. */
  readonly stats = { batches: 0, items: 0, largest: 0, failedBatches: 0 };

  constructor(private readonly options: BatcherOptions<I, O>) {}

  submit(item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      this.schedule();
    });
  }

  /**
   * Flushes on the check phase of this turn of the event loop: every socket read in this poll phase
   * (and the promises it settled) has submitted its item by then.
   */
  private schedule(): void {
    if (this.scheduled || this.inFlight >= this.options.maxInFlight || this.queue.length === 0) return;
    this.scheduled = true;
    const go = () => {
      this.scheduled = false;
      this.flush();
    };
    if (this.options.lingerMs && this.inFlight > 0 && this.queue.length < this.options.maxBatch) setTimeout(go, this.options.lingerMs);
    else setImmediate(go);
  }

  private flush(): void {
    while (this.inFlight < this.options.maxInFlight && this.queue.length > 0) {
      const batch = this.queue.splice(0, this.options.maxBatch);
      this.inFlight++;
      void this.run(batch).finally(() => {
        this.inFlight--;
        this.schedule();
      });
    }
  }

  private async run(batch: Pending<I, O>[]): Promise<void> {
    this.stats.batches++;
    this.stats.items += batch.length;
    this.stats.largest = Math.max(this.stats.largest, batch.length);
    if (batch.length === 1) return this.runAlone(batch[0]);
    let results: O[];
    try {
      results = await this.options.runBatch(batch.map((p) => p.item));
    } catch (err) {
      this.stats.failedBatches++;
      if (!this.options.retryAloneOnFailure) {
        for (const p of batch) p.reject(err);
        return;
      }
      await Promise.all(batch.map((p) => this.runAlone(p)));
      return;
    }
    batch.forEach((p, i) => p.resolve(results[i]));
  }

  private async runAlone(p: Pending<I, O>): Promise<void> {
    try {
      p.resolve(await this.options.runOne(p.item));
    } catch (err) {
      p.reject(err);
    }
  }
}
