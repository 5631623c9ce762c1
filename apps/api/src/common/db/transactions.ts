import { AsyncLocalStorage } from 'node:async_hooks';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Database } from '@app/db';

interface TransactionStore {
  tx: Database;
  afterCommit: Array<() => unknown>;
}

const current = new AsyncLocalStorage<TransactionStore>();

/** The injection token of the database as drizzle opened it (the `DB` token is the transaction-aware view). */
export const ROOT_DB = Symbol('ROOT_DB');

/**
 * The database every repository is given: a view that runs each query in the transaction the calling
 * code is in (`Transactions.run`), or on the pool otherwise. So a service makes its repositories'
 * writes and its events one transaction without handing a transaction object through every call.
 */
export function transactionAware(root: Database): Database {
  return new Proxy(root, {
    get(target, prop) {
      const db = current.getStore()?.tx ?? target;
      const value = Reflect.get(db, prop, db) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(db) : value;
    },
  });
}

/**
 * Units of work. `run(fn)` runs fn in a transaction that every repository's queries join (through the
 * transaction-aware database), and after it commits runs what was registered with `afterCommit`
 * (relaying the events it wrote, pushing to sockets); a rollback drops them. Nested calls join the
 * outer transaction.
 */
@Injectable()
export class Transactions {
  private readonly logger = new Logger('Transactions');

  constructor(@Inject(ROOT_DB) private readonly root: Database) {}

  /** True inside `run`. */
  get active(): boolean {
    return current.getStore() !== undefined;
  }

  async run<T>(fn: () => Promise<T>): Promise<T> {
    if (current.getStore()) return fn();
    const store: TransactionStore = { tx: this.root, afterCommit: [] };
    const result = await this.root.transaction((tx) => {
      store.tx = tx as unknown as Database;
      return current.run(store, fn);
    });
    for (const hook of store.afterCommit) {
      try {
        await hook();
      } catch (err) {
        this.logger.warn(`An after-commit step failed: ${(err as Error).message}`);
      }
    }
    return result;
  }

  /** Runs `hook` after the current transaction commits (at once when there is none). */
  afterCommit(hook: () => unknown): void {
    const store = current.getStore();
    if (store) store.afterCommit.push(hook);
    else void Promise.resolve().then(hook).catch((err: Error) => this.logger.warn(`An after-commit step failed: ${err.message}`));
  }
}
