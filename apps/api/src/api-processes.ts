import cluster, { type Worker } from 'node:cluster';
import { API_PROCESS_ENV, GENERATED_JWT_SECRET_ENV, type AppConfig } from './common/config/config';

/** A process that dies this many times within a minute is not started again: the whole server stops. */
const MAX_RESTARTS_PER_MINUTE = 5;
/** How long the processes get to finish their requests after SIGTERM/SIGINT before they are killed. */
const STOP_GRACE_MS = 15_000;

/**
 * The primary of `API_PROCESSES` > 1 (node:cluster): it serves nothing itself. It starts process 1
 * with the configuration as given (it migrates, loads the reference places and seeds, and in the `all`
 * role runs the queue processors), and once it listens starts the others in the `api` role without
 * migrating or seeding; they share the port, the primary handing each new connection to the next
 * process in turn. Every process holds its own search index and catches up with the others' writes
 * through the listing changes in PostgreSQL; sessions, rate limits, socket.io rooms and caches are
 * in PostgreSQL and Redis, shared by all. When no JWT_SECRET is set, one is generated here and handed
 * to every process (sessions still end on restart). A process that dies is started again (at most
 * five times a minute); SIGTERM or SIGINT stops them all.
 */
export function runApiProcesses(config: AppConfig): void {
  const shared: Record<string, string> = {};
  if (config.auth.jwtSecretGenerated) {
    shared.JWT_SECRET = config.auth.jwtSecret;
    shared[GENERATED_JWT_SECRET_ENV] = 'true';
  }
  const firstEnv = (n: number) => ({ ...shared, [API_PROCESS_ENV]: String(n) });
  const laterEnv = (n: number) => ({
    ...firstEnv(n),
    ROLE: 'api',
    DB_MIGRATE: 'false',
    SEED_DEMO: 'false',
    POI_LOAD_BUNDLED: 'false',
  });

  const numberOf = new Map<Worker, number>();
  const restarts: number[] = [];
  let firstListening = false;
  let stopping = false;

  const start = (n: number, env: Record<string, string>) => {
    const worker = cluster.fork(env);
    numberOf.set(worker, n);
    return worker;
  };

  const stopAll = (code: number) => {
    if (stopping) return;
    stopping = true;
    for (const worker of numberOf.keys()) worker.process.kill('SIGTERM');
    const timer = setTimeout(() => {
      for (const worker of numberOf.keys()) worker.process.kill('SIGKILL');
    }, STOP_GRACE_MS);
    timer.unref();
    const done = () => {
      if (numberOf.size === 0) process.exit(code);
    };
    cluster.on('exit', done);
    done();
  };

  cluster.on('listening', (worker) => {
    if (firstListening || numberOf.get(worker) !== 1) return;
    firstListening = true;
    for (let n = 2; n <= config.apiProcesses; n++) start(n, laterEnv(n));
  });

  cluster.on('exit', (worker, code, signal) => {
    const n = numberOf.get(worker) ?? 0;
    numberOf.delete(worker);
    if (stopping) return;
    if (!firstListening) {
      console.error(`API process ${n} stopped before it listened (${signal ?? `exit code ${code}`}): stopping.`);
      stopAll(code || 1);
      return;
    }
    const now = Date.now();
    restarts.push(now);
    while (restarts.length && restarts[0] < now - 60_000) restarts.shift();
    if (restarts.length > MAX_RESTARTS_PER_MINUTE) {
      console.error(`API processes stopped ${restarts.length} times within a minute: stopping.`);
      stopAll(1);
      return;
    }
    console.error(`API process ${n} stopped (${signal ?? `exit code ${code}`}): starting it again.`);
    // Process 1 has migrated and seeded already; whoever takes its place does not do it again.
    start(n, n === 1 ? { ...laterEnv(n), ROLE: config.role } : laterEnv(n));
  });

  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => stopAll(0));
  start(1, firstEnv(1));
}
