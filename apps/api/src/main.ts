import 'reflect-metadata';
import cluster from 'node:cluster';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Logger } from 'nestjs-pino';
import { AppModule } from './app.module';
import { ConfigError, loadConfig, type AppConfig } from './common/config/config';
import { canReachRedis } from './common/redis/redis.module';
import { configureHttpApp, NEST_HTTP_OPTIONS } from './http-app';
import { QuietStartupLogger } from './common/logging/logging';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './modules/seed/demo-accounts';
import { SeedService } from './modules/seed/seed.service';
import { loadReferenceAttributes } from './modules/places/reference-attributes';
import { loadReferenceCentroids } from './modules/places/reference-centroids';
import { loadReferencePlaces } from './modules/places/reference-places';
import { loadBundledPoi } from './modules/nearby/bundled-poi';
import { loadBundledStatistics } from './modules/market-data/bundled-statistics';
import { DB, type Database } from './common/db/database.module';
import { runApiProcesses } from './api-processes';
import type { Server } from 'node:http';

function readConfig(): AppConfig {
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
}

function printWelcome(config: AppConfig, seeded: boolean): void {
  const url = config.appUrl;
  const lines = [
    '',
    `Tahanan is running (${config.role} role${config.apiProcesses > 1 ? `, ${config.apiProcesses} API processes` : ''}, database: ${config.database.url ? 'PostgreSQL' : `PGlite in ${config.database.pgliteDir}`}).`,
    `  App:          ${url}/`,
    `  API:          ${url}/api`,
    `  API docs:     ${url}/api/docs`,
    `  Health:       ${url}/api/health`,
  ];
  if (config.seedDemo) {
    lines.push(`  Demo logins (password ${DEMO_PASSWORD})${seeded ? ', just created' : ''}:`);
    for (const a of DEMO_ACCOUNTS) lines.push(`    ${a.label.padEnd(26)} ${a.email}`);
  }
  if (!config.mail.smtpUrl) lines.push(`  E-mail is kept in the outbox folder: ${config.mail.outboxDir}`);
  if (config.auth.jwtSecretGenerated) lines.push('  JWT_SECRET is not set: a random one is used, so sessions end on restart.');
  console.log(lines.join('\n') + '\n');
}

async function bootstrap(): Promise<void> {
  const config = readConfig();
  if (!(await canReachRedis(config.redis.url))) {
    console.error(
      `Redis is not reachable at ${config.redis.url}: start one with "redis-server --daemonize yes" (or "docker compose up -d redis"), or set REDIS_URL.`,
    );
    process.exit(1);
  }
  if (cluster.isPrimary && config.apiProcesses > 1) {
    runApiProcesses(config);
    return;
  }
  if (config.role === 'worker') {
    const ctx = await NestFactory.createApplicationContext(AppModule.forRole(config), { bufferLogs: true });
    ctx.useLogger(new QuietStartupLogger(ctx.get(Logger)));
    ctx.enableShutdownHooks();
    console.log('Tahanan worker started: processing queued jobs.');
    return;
  }
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRole(config), { ...NEST_HTTP_OPTIONS, bufferLogs: true });
  app.useLogger(new QuietStartupLogger(app.get(Logger)));
  configureHttpApp(app, config);
  await app.init();
  if (config.database.migrate) {
    const loaded = await loadReferencePlaces(app.get<Database>(DB));
    if (loaded) console.log(`Loaded ${loaded} Philippine places (PSGC) into the reference tables.`);
    const located = await loadReferenceCentroids(app.get<Database>(DB));
    if (located) console.log(`Located ${located.barangays} barangays from the bundled centroids (${located.fallback} places at their parent's centre).`);
    const described = await loadReferenceAttributes(app.get<Database>(DB));
    if (described) console.log(`Added the PSA population and classes of ${described} places.`);
    const stats = await loadBundledStatistics(app.get<Database>(DB));
    if (stats) console.log(`Loaded ${stats.values} public statistics values (${stats.datasets} datasets: PSA, BIS, PNP) for the market reports.`);
  }
  if (config.database.migrate && config.poiLoadBundled) {
    for (const { file, result } of await loadBundledPoi(app.get<Database>(DB))) {
      console.log(`Loaded ${result.features} points of interest (© OpenStreetMap contributors, ODbL) from ${file}.`);
    }
  }
  const seeded = config.seedDemo ? (await app.get(SeedService).seedDemo()).accounts : false;
  // Idle keep-alive connections stay open longer than a proxy's (a load balancer's is often 60 s) and
  // Node's default 5 s, so the server does not close one just as a client reuses it (ECONNRESET, seen in
  // the e2e run); the headers timeout must exceed it.
  const server = app.getHttpServer() as Server;
  server.keepAliveTimeout = HTTP_KEEP_ALIVE_MS;
  server.headersTimeout = HTTP_KEEP_ALIVE_MS + 1000;
  await app.listen(config.port, config.host);
  if (config.apiProcess === 1) printWelcome(config, seeded);
  else console.log(`API process ${config.apiProcess} of ${config.apiProcesses} is listening.`);
}

/** How long an idle keep-alive connection is kept open (see bootstrap). */
const HTTP_KEEP_ALIVE_MS = 65_000;

// Whatever escapes the request pipeline is logged as one JSON line before the process ends.
process.on('unhandledRejection', (reason) => {
  console.error(JSON.stringify({ level: 60, msg: 'Unhandled promise rejection', err: String((reason as Error)?.stack ?? reason) }));
  process.exit(1);
});
process.on('uncaughtException', (err) => {
  console.error(JSON.stringify({ level: 60, msg: 'Uncaught exception', err: String(err?.stack ?? err) }));
  process.exit(1);
});

void bootstrap();
