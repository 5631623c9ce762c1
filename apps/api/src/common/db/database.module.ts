import { Global, Inject, Injectable, Logger, Module, OnApplicationShutdown } from '@nestjs/common';
import { openDatabase, type Database, type DatabaseHandle } from '@app/db';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { ROOT_DB, Transactions, transactionAware } from './transactions';

export const DATABASE_HANDLE = Symbol('DATABASE_HANDLE');
export const DB = Symbol('DB');
/** Injects the Drizzle database (transaction-aware: inside `Transactions.run` its queries join that transaction). */
export const InjectDb = () => Inject(DB);
export type { Database };

@Injectable()
class DatabaseLifecycle implements OnApplicationShutdown {
  constructor(@Inject(DATABASE_HANDLE) private readonly handle: DatabaseHandle) {}
  async onApplicationShutdown(): Promise<void> {
    await this.handle.close();
  }
}

@Global()
@Module({
  providers: [
    {
      provide: DATABASE_HANDLE,
      inject: [APP_CONFIG],
      useFactory: async (config: AppConfig): Promise<DatabaseHandle> => {
        const handle = await openDatabase({
          url: config.database.url,
          pgliteDir: config.database.pgliteDir,
          poolSize: config.database.poolSize,
        });
        if (config.database.migrate) {
          await handle.migrate();
          new Logger('Database').log(`Migrations applied (${handle.kind})`);
        }
        return handle;
      },
    },
    { provide: ROOT_DB, inject: [DATABASE_HANDLE], useFactory: (h: DatabaseHandle) => h.db },
    { provide: DB, inject: [ROOT_DB], useFactory: (db: Database) => transactionAware(db) },
    Transactions,
    DatabaseLifecycle,
  ],
  exports: [DB, DATABASE_HANDLE, Transactions],
})
export class DatabaseModule {}
