import 'reflect-metadata';
import { Module, type DynamicModule } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ConfigError, loadConfig, type AppConfig } from './common/config/config';
import { ConfigModule } from './common/config/config.module';
import { DatabaseModule, DB, type Database } from './common/db/database.module';
import { EventsModule } from './common/events/events.module';
import { MailModule } from './common/mail/mail.module';
import { QueueModule } from './common/queue/queue.module';
import { RealtimeModule } from './common/realtime/realtime.module';
import { canReachRedis, RedisModule } from './common/redis/redis.module';
import { StorageModule } from './common/storage/storage.module';
import { UploadModule } from './common/upload/upload.module';
import { AuthModule } from './modules/auth/auth.module';
import { loadReferenceAttributes } from './modules/places/reference-attributes';
import { loadReferenceCentroids } from './modules/places/reference-centroids';
import { loadReferencePlaces } from './modules/places/reference-places';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './modules/seed/demo-accounts';
import { SeedModule } from './modules/seed/seed.module';
import { EnterpriseMembershipModule } from './modules/enterprise/enterprise-membership.module';
import { SeedService } from './modules/seed/seed.service';

const USAGE = `Usage: npm run seed

Seeds the demo data into the database named by DATABASE_URL (or the PGlite folder PGLITE_DIR), as the
server does at start with SEED_DEMO on: one account per role and member type (password ${DEMO_PASSWORD}),
then the demo listings with their photos (STORAGE_DIR). Each part is seeded once per database; running it
again adds nothing. With DB_MIGRATE on (the default) it applies the migrations and loads the reference
places first. Needs Redis (REDIS_URL), like the server. SEED_DEMO is not read: running this is asking for it.`;

/**
 * What the seed needs and no more: the SeedModule (whose listing seeders need the listings module and,
 * through it, most feature modules) and the global modules those expect. No HTTP server, no queue
 * processors, no root AppModule.
 */
@Module({})
class SeedDemoContext {
  static forConfig(config: AppConfig): DynamicModule {
    return {
      module: SeedDemoContext,
      imports: [
        ConfigModule.forRoot(config),
        DatabaseModule,
        RedisModule,
        QueueModule,
        // the services publish their events; the relay queues them for the server's workers (none run here)
        EventsModule.forRole(false),
        MailModule.forRole(false),
        StorageModule,
        UploadModule,
        RealtimeModule,
        AuthModule,
        // the credits and listings services ask it which team a member spends from or lists for
        EnterpriseMembershipModule,
        SeedModule,
      ],
    };
  }
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  if (args.length) {
    const help = args.length === 1 && (args[0] === '--help' || args[0] === '-h');
    (help ? console.log : console.error)(help ? USAGE : `Unknown argument '${args[0]}'.\n\n${USAGE}`);
    return help ? 0 : 2;
  }
  const config = loadConfig();
  if (!(await canReachRedis(config.redis.url))) {
    console.error(`Redis is not reachable at ${config.redis.url}: start one with "redis-server --daemonize yes", or set REDIS_URL.`);
    return 1;
  }
  const ctx = await NestFactory.createApplicationContext(SeedDemoContext.forConfig(config), {
    // the seed's own warnings and errors only (no start-up chatter); LOG_LEVEL=silent: none
    logger: config.logLevel === 'silent' ? false : ['fatal', 'error', 'warn'],
    abortOnError: false,
  });
  try {
    const db = ctx.get<Database>(DB);
    if (config.database.migrate) {
      const loaded = await loadReferencePlaces(db);
      if (loaded) console.log(`Loaded ${loaded} Philippine places (PSGC) into the reference tables.`);
      const located = await loadReferenceCentroids(db);
      if (located) console.log(`Located ${located.barangays} barangays from the bundled centroids (${located.fallback} places at their parent's centre).`);
      const described = await loadReferenceAttributes(db);
      if (described) console.log(`Added the PSA population and classes of ${described} places.`);
    }
    const result = await ctx.get(SeedService).seedDemo();
    const where = config.database.url ? 'PostgreSQL' : `PGlite in ${config.database.pgliteDir}`;
    if (!result.accounts && !result.listings && !result.legazpiListings && !result.marketHistory) {
      console.log(`The demo data is there already (${where}): nothing added.`);
    } else {
      console.log(
        `Seeded the demo data into ${where}: ${result.accounts ? `${DEMO_ACCOUNTS.length} accounts` : 'no accounts (there already)'}, ` +
          `${result.listings + result.legazpiListings + result.marketHistory} listings (${result.legazpiListings} in Legazpi City, ` +
          `${result.marketHistory} with two years of market history).`,
      );
    }
    console.log(`Demo logins (password ${DEMO_PASSWORD}):`);
    for (const a of DEMO_ACCOUNTS) console.log(`  ${a.label.padEnd(26)} ${a.email}`);
    return 0;
  } finally {
    await ctx.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof ConfigError ? err.message : err);
    process.exit(1);
  },
);
