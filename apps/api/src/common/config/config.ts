import path from 'node:path';
import { createHmac, randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { z } from 'zod';

const bool = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'])
    .optional()
    .transform((v) => (v === undefined ? fallback : ['true', '1', 'yes'].includes(v)));

const optionalUrl = z
  .string()
  .optional()
  .transform((v) => (v === '' ? undefined : v))
  .pipe(z.url().optional());

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  ROLE: z.enum(['api', 'worker', 'all']).default('all'),
  API_PROCESSES: z.coerce.number().int().min(1).max(64).default(1),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: optionalUrl,
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  PGLITE_DIR: z.string().min(1).default('./data/pglite'),
  DB_MIGRATE: bool(true),
  SEED_DEMO: bool(true),
  POI_LOAD_BUNDLED: bool(true),
  LISTING_SEARCH_INDEX: bool(true),
  LISTING_SEARCH_REMEMBER: bool(true),
  REDIS_URL: z.url().default('redis://127.0.0.1:6379'),
  REDIS_PREFIX: z
    .string()
    .regex(/^[a-zA-Z0-9_-]+$/, 'letters, digits, _ and - only')
    .default('tahanan'),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SESSION_TTL_HOURS: z.coerce.number().int().min(1).max(24 * 365).default(24 * 7),
  APP_URL: optionalUrl,
  CORS_ORIGINS: z.string().default(''),
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((v, ctx) => {
      const parsed = parseTrustProxy(v);
      if (parsed === null) {
        ctx.addIssue({
          code: 'custom',
          message: 'false, true (one proxy), a number of proxy hops, or a comma-separated list of proxy addresses or subnets',
        });
        return z.NEVER;
      }
      return parsed;
    }),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FORMAT: z.enum(['auto', 'json', 'pretty']).default('auto'),
  // set by CI services; any value but "false"/"0" means the logs go to a machine
  CI: z.string().optional(),
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().min(3).default('Tahanan <no-reply@tahanan.local>'),
  MAIL_OUTBOX_DIR: z.string().min(1).default('./data/outbox'),
  STORAGE_DIR: z.string().min(1).default('./data/uploads'),
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ENDPOINT: optionalUrl,
  S3_FORCE_PATH_STYLE: bool(false),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_PREFIX: z
    .string()
    .regex(/^$|^[a-zA-Z0-9][a-zA-Z0-9._-]*(\/[a-zA-Z0-9][a-zA-Z0-9._-]*)*\/?$/, 'letters, digits, ., _ and - in /-separated parts, e.g. tahanan/ or prod')
    .default(''),
  UPLOAD_TMP_DIR: z.string().min(1).optional(),
  UPLOADS_PER_HOUR: z.coerce.number().int().min(1).default(120),
  /** Market report exports (CSV or PDF) per member and hour. */
  MARKET_REPORT_EXPORTS_PER_HOUR: z.coerce.number().int().min(1).default(60),
  ARIA_PROVIDER: z.enum(['builtin', 'openai']).default('builtin'),
  ARIA_OPENAI_BASE_URL: z.string().url().optional(),
  ARIA_OPENAI_MODEL: z.string().min(1).default('gpt-4o-mini'),
  ARIA_OPENAI_API_KEY: z.string().min(1).optional(),
  ARIA_OPENAI_TIMEOUT_MS: z.coerce.number().int().min(1000).max(300_000).default(60_000),
  ARIA_CHAT_PER_MINUTE: z.coerce.number().int().min(1).default(20),
  ARIA_RUNS_PER_HOUR: z.coerce.number().int().min(1).default(30),
  ARIA_RUN_LOCK_MS: z.coerce.number().int().min(1000).max(600_000).default(30_000),
  ARIA_EMBEDDINGS: z.enum(['on', 'off']).default('on'),
  WEB_DIST: z.string().optional(),
  HTTP_COMPRESSION: bool(true),
  LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).default(10),
  LOGIN_WINDOW_SECONDS: z.coerce.number().int().min(1).default(15 * 60),
  LOGIN_IP_MAX_FAILURES: z.coerce.number().int().min(1).default(100),
  LOGIN_ACCOUNT_FREE_FAILURES: z.coerce.number().int().min(0).default(10),
  LOGIN_ACCOUNT_DELAY_SECONDS: z.coerce.number().positive().max(3600).default(1),
  LOGIN_ACCOUNT_MAX_DELAY_SECONDS: z.coerce.number().positive().max(3600).default(60),
  SIGNUP_PER_IP_PER_HOUR: z.coerce.number().int().min(1).default(20),
  PASSWORD_RESET_PER_IP_PER_HOUR: z.coerce.number().int().min(1).default(20),
  PASSWORD_HASH_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  PASSWORD_HASH_MAX_WAITING: z.coerce.number().int().min(0).default(32),
  MESSAGE_SEND_PER_MINUTE: z.coerce.number().int().min(1).default(60),
  MESSAGE_FETCH_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  SOCKET_MAX_PER_USER: z.coerce.number().int().min(1).max(1000).default(20),
  SOCKET_HANDSHAKES_PER_MINUTE: z.coerce.number().int().min(1).default(60),
  GUEST_VIEWS_PER_IP_PER_DAY: z.coerce.number().int().min(0).default(200),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  GOOGLE_AUTH_URL: optionalUrl,
  GOOGLE_TOKEN_URL: optionalUrl,
  GOOGLE_PROFILE_URL: optionalUrl,
  FACEBOOK_CLIENT_ID: z.string().optional(),
  FACEBOOK_CLIENT_SECRET: z.string().optional(),
  FACEBOOK_AUTH_URL: optionalUrl,
  FACEBOOK_TOKEN_URL: optionalUrl,
  FACEBOOK_PROFILE_URL: optionalUrl,
  OAUTH_CODE_TTL_SECONDS: z.coerce.number().int().min(1).max(60).default(60),
  GEOCODER_URL: optionalUrl,
  GEOCODER_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  EVENTS_RELAY_INTERVAL_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
  EVENTS_WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(100).default(8),
  EVENTS_JOB_LOCK_MS: z.coerce.number().int().min(1000).max(600_000).default(30_000),
  AUDIT_RETENTION_DAYS: z.coerce.number().int().min(1).max(36_500).default(730),
  SAVED_SEARCH_ALERT_BATCH_MS: z.coerce.number().int().min(100).max(3_600_000).default(60_000),
  SAVED_SEARCH_DIGEST_HOUR: z.coerce.number().int().min(0).max(23).default(7),
  PAYMENTS_SANDBOX: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true')),
  PAYMENT_SANDBOX_WEBHOOK_URL: optionalUrl,
  PLAN_LISTING_LIMITS: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  KYC_UNVERIFIED_ACTIVE_LISTINGS: z.coerce.number().int().min(0).max(100000).default(10),
  LISTING_IMPORT_MAX_BYTES: z.coerce.number().int().min(1).default(100 * 1024 * 1024),
  LISTING_IMPORT_INLINE_MAX_ROWS: z.coerce.number().int().min(0).default(2000),
  LISTING_IMPORT_INLINE_WAIT_MS: z.coerce.number().int().min(0).default(15_000),
  PAYMONGO_SECRET_KEY: z.string().min(1).optional(),
  PAYMONGO_WEBHOOK_SECRET: z.string().min(1).optional(),
  PAYMONGO_API_URL: z.url().default('https://api.paymongo.com'),
  MAYA_PUBLIC_KEY: z.string().min(1).optional(),
  MAYA_SECRET_KEY: z.string().min(1).optional(),
  MAYA_API_URL: z.url().default('https://pg-sandbox.paymaya.com'),
  PAYMENT_WEBHOOK_TOLERANCE_SECONDS: z.coerce.number().int().min(10).max(3600).default(300),
  PAYMENT_PROVIDER_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  RECEIPT_SELLER_NAME: z.string().min(1).default('Tahanan Property Marketplace'),
  RECEIPT_SELLER_ADDRESS: z.string().min(1).default('Makati City, Metro Manila, Philippines'),
  RECEIPT_SELLER_TIN: z.string().min(1).default('000-000-000-00000'),
  EXPORT_INLINE_MAX_ROWS: z.coerce.number().int().min(0).max(10_000_000).default(5000),
  EXPORT_INLINE_WAIT_MS: z.coerce.number().int().min(0).max(120_000).default(20_000),
  EXPORT_WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(1),
  EXPORT_JOB_LOCK_MS: z.coerce.number().int().min(1000).max(600_000).default(30_000),
  EXPORT_PDF_FONT: z.string().min(1).optional(),
  EXPORT_PDF_FONT_BOLD: z.string().min(1).optional(),
  KYC_MASTER_KEY: z.string().optional(),
  KYC_MASTER_KEY_ID: z
    .string()
    .regex(/^[a-zA-Z0-9_-]{1,32}$/, 'letters, digits, _ and - (at most 32)')
    .default('k1'),
  KYC_PREVIOUS_MASTER_KEYS: z.string().default(''),
  KYC_APPROVAL_VALID_DAYS: z.coerce.number().int().min(1).max(3650).default(730),
  KYC_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  KYC_ABANDONED_AFTER_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  KYC_SUBMISSIONS_PER_DAY: z.coerce.number().int().min(1).max(1000).default(5),
});

export interface OAuthProviderConfig {
  clientId: string;
  clientSecret: string;
  authorizationURL?: string;
  tokenURL?: string;
  profileURL?: string;
}

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  role: 'api' | 'worker' | 'all';
  /**
   * How many processes serve HTTP on the port (node:cluster; api and all roles, PostgreSQL only): the
   * first runs the migrations, the seeds and, in the all role, the queue processors; the others serve HTTP.
   */
  apiProcesses: number;
  /** Which of them this process is (1 when there is one). */
  apiProcess: number;
  /** Public searches from listings held in memory (ListingSearchIndexService); false: every search asks PostgreSQL. */
  listingSearchIndex: boolean;
  /** The index remembers sidebar and cluster answers until the next listing change; false: counted every time (benchmarks). */
  listingSearchRemember: boolean;
  port: number;
  host: string;
  database: { url?: string; poolSize: number; pgliteDir: string; migrate: boolean };
  seedDemo: boolean;
  /** Load the shipped OpenStreetMap extract (Legazpi City) into points_of_interest once per database at start. */
  poiLoadBundled: boolean;
  redis: { url: string; prefix: string };
  auth: {
    jwtSecret: string;
    jwtSecretGenerated: boolean;
    sessionTtlHours: number;
    /** Failed logins per (account, address) pair in the window; past it: 429 for that pair. */
    loginMaxFailures: number;
    loginWindowSeconds: number;
    /** Failed logins per address (any accounts) in the window; past it: 429 for that address. */
    loginIpMaxFailures: number;
    /** Failed logins per account (any addresses) before each further try must wait a growing delay. */
    loginAccountFreeFailures: number;
    loginAccountDelaySeconds: number;
    loginAccountMaxDelaySeconds: number;
    signUpPerIpPerHour: number;
    passwordResetPerIpPerHour: number;
  };
  /** How many argon2 hashes/verifies run at once, and how many may wait; beyond: 503 busy. */
  passwordHashing: { concurrency: number; maxWaiting: number };
  appUrl: string;
  corsOrigins: string[];
  /**
   * Which proxies' X-Forwarded-For to believe: false (none), a number of hops in front of the app,
   * or the proxies' addresses/subnets. Never "everyone": the client writes the left-most entry.
   */
  trustProxy: false | number | string[];
  logLevel: string;
  /** json, pretty, or auto: pretty only when stdout is a terminal outside CI and tests. */
  logFormat: LogFormatSetting;
  /** Running under CI (the CI variable). */
  ci: boolean;
  mail: { smtpUrl?: string; from: string; outboxDir: string };
  storageDir: string;
  /**
   * Where files live: `local` (the STORAGE_DIR folder of one machine) or `s3`, an S3-compatible bucket
   * (AWS S3, Cloudflare R2, MinIO) that every API and worker machine shares. Keys are
   * `<prefix>public/…` and `<prefix>private/…`. The access keys come from the environment alone; unset,
   * the AWS SDK's default chain (AWS_* variables, an instance or task role) is used.
   */
  storage: { driver: 'local' | 's3'; s3?: S3StorageConfig };
  /** Uploads: the private folder files are streamed to while a request is handled, and upload requests per member per hour. */
  uploads: { tmpDir: string; perHour: number };
  market: { reportExportsPerHour: number };
  /**
   * ARIA: `provider` builtin (no key, offline) or openai (any OpenAI-compatible /v1/chat/completions:
   * OpenAI, Azure OpenAI, Ollama, llama.cpp's server, vLLM) at `openai.baseUrl` with `openai.model`
   * and `openai.apiKey`. Per-member limits: chat messages a minute, runs an hour. `embeddings` off
   * skips the listing embeddings (semantic ranking falls back to the structured order).
   */
  aria: {
    provider: 'builtin' | 'openai';
    openai: { baseUrl?: string; model: string; apiKey?: string; timeoutMs: number };
    chatPerMinute: number;
    runsPerHour: number;
    /** How long a worker holds a run's job; one that died (stopped renewing it) loses the run to another worker after this. */
    runLockMs: number;
    embeddings: boolean;
  };
  webDist: string;
  /** Compress answers (brotli or gzip, as the client accepts); off when a proxy in front already does. */
  httpCompression: boolean;
  /** Per-user limits of the messaging routes and socket events, per minute. */
  messaging: { sendPerMinute: number; fetchPerMinute: number };
  /** Socket.io limits: open connections per member (over every API process), handshakes per client address per minute. */
  realtime: { maxSocketsPerUser: number; handshakesPerMinute: number };
  /** How many listings' guest views one IP address (an IPv6 /64) may add per day; 0 counts no guest views. */
  guestViewsPerIpPerDay: number;
  oauth: {
    google?: OAuthProviderConfig;
    facebook?: OAuthProviderConfig;
    /** How long the single-use code that the social sign-in callback hands the web app stays valid. */
    codeTtlSeconds: number;
  };
  /** A Nominatim-compatible geocoding service (no trailing slash); unset: the local PSGC geocoder. */
  geocoder: { url?: string; timeoutMs: number };
  /**
   * Domain events: how often each process relays outbox rows that no commit relayed at once (Redis was
   * down, a process died), how many events a worker handles at once, and how long a worker holds an
   * event before another may take it over (a worker that died).
   */
  events: { relayIntervalMs: number; workerConcurrency: number; jobLockMs: number };
  /** Audit entries older than this many days are pruned (default two years). */
  auditRetentionDays: number;
  /**
   * Saved-search alerts: an instant alert tells of the matches of one batch window (at most one
   * notification per search per window), and the daily digest goes out from this hour (Asia/Manila).
   */
  savedSearchAlerts: { batchMs: number; digestHour: number };
  /**
   * Payments. The sandbox provider (a checkout page of this app that approves, declines or expires, and
   * signed webhooks like the real ones) serves every method no real provider is configured for; it is
   * on by default except in production. PayMongo serves GCash, Maya e-wallet, cards and QR Ph when its
   * keys are set; Maya Checkout serves Maya QR and e-wallet when its keys are set.
   */
  payments: {
    sandbox: boolean;
    sandboxWebhookUrl: string;
    sandboxSecret: string;
    paymongo?: { secretKey: string; webhookSecret: string; apiUrl: string };
    maya?: { publicKey: string; secretKey: string; apiUrl: string };
    webhookToleranceSeconds: number;
    providerTimeoutMs: number;
  };
  receipts: { sellerName: string; sellerAddress: string; sellerTin: string };
  /** Members may have at most their plan's active listings (PLANS activeListings); off: no limit (migrations of existing accounts, test suites of other features). */
  planListingLimits: boolean;
  /** Active listings a member without a verified identity (an approved KYC) may have (KYC_UNVERIFIED_ACTIVE_LISTINGS); staff and imports are exempt. */
  unverifiedActiveListings: number;
  /**
   * Listing imports from JSON (`POST /listing/import/json`, the `imports` queue's worker): the largest
   * file (bytes); the HTTP call waits up to inlineWaitMs for an import of at most inlineMaxRows rows
   * and answers its report (200), else 202 with the import to poll.
   */
  listingImport: { maxBytes: number; inlineMaxRows: number; inlineWaitMs: number };
  /**
   * Table exports (CSV, PDF) run by the `exports` queue's worker. The HTTP call waits up to
   * inlineWaitMs for an export of at most inlineMaxRows rows and answers the file, else 202 and a job.
   * A worker that dies holding an export loses it after jobLockMs and it starts over. The PDF font:
   * a TrueType file with ₱ and ñ (default DejaVu Sans Condensed where installed, e.g. Debian's
   * fonts-dejavu-core); without one, Helvetica and prices written "PHP".
   */
  exports: { inlineMaxRows: number; inlineWaitMs: number; workerConcurrency: number; jobLockMs: number; pdfFont?: string; pdfFontBold?: string };
  /**
   * Identity verification (KYC). Files and ID numbers are envelope-encrypted: a data key per item,
   * wrapped with the master key `masterKey` (KYC_MASTER_KEY, base64 of 32 bytes, named KYC_MASTER_KEY_ID);
   * `previousKeys` (KYC_PREVIOUS_MASTER_KEYS, `id:base64,...`) still decrypt what older keys wrapped.
   * Required in production; elsewhere, unset, a development key is created once in `devKeyFile`.
   * Periods in days: an approval counts approvalValidDays; drafts and resubmission requests untouched
   * for abandonedAfterDays are withdrawn; closed submissions' files are deleted after retentionDays.
   */
  kyc: {
    masterKey: KycMasterKey | null;
    previousKeys: KycMasterKey[];
    devKeyFile: string;
    approvalValidDays: number;
    retentionDays: number;
    abandonedAfterDays: number;
    submissionsPerDay: number;
  };
}

/** A KYC master key: its id (kept with each wrapped data key) and its 32 bytes. */
export interface KycMasterKey {
  id: string;
  key: Buffer;
}

export class ConfigError extends Error {}

/** Set by the cluster's primary on the processes it starts (see api-processes.ts): which one this is. */
export const API_PROCESS_ENV = 'TAHANAN_API_PROCESS';
/** Set by the cluster's primary when it generated the JWT_SECRET it hands every process (sessions end on restart). */
export const GENERATED_JWT_SECRET_ENV = 'TAHANAN_JWT_SECRET_GENERATED';

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * TRUST_PROXY: unset/false → trust no proxy; true → one proxy hop (the usual load balancer); a whole
 * number → that many hops; otherwise a comma-separated list of proxy addresses or subnets (CIDR) or
 * the names loopback, linklocal, uniquelocal. Null when the value is none of these.
 */
export function parseTrustProxy(value: string | undefined): false | number | string[] | null {
  const v = value?.trim().toLowerCase();
  if (v === undefined || v === '' || ['false', '0', 'no'].includes(v)) return false;
  if (['true', 'yes'].includes(v)) return 1;
  if (/^\d+$/.test(v)) return Math.min(Number(v), 10);
  const entries = v.split(',').map((s) => s.trim()).filter(Boolean);
  const valid = entries.every((entry) => {
    if (PROXY_NAMES.has(entry)) return true;
    const [address, bits, ...rest] = entry.split('/');
    const family = isIP(address);
    if (!family || rest.length) return false;
    if (bits === undefined) return true;
    const n = /^\d+$/.test(bits) ? Number(bits) : -1;
    return n >= 0 && n <= (family === 4 ? 32 : 128);
  });
  return valid && entries.length ? entries : null;
}

export type LogFormatSetting = 'auto' | 'json' | 'pretty';

/** Validates the environment; a bad value throws a ConfigError naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  const e = parsed.data;
  if (e.NODE_ENV === 'production' && !e.JWT_SECRET) {
    throw new ConfigError('Invalid configuration: JWT_SECRET: required when NODE_ENV=production');
  }
  const oauth = (prefix: 'GOOGLE' | 'FACEBOOK'): OAuthProviderConfig | undefined => {
    const id = e[`${prefix}_CLIENT_ID`];
    const secret = e[`${prefix}_CLIENT_SECRET`];
    if (!id) return undefined;
    if (!secret) throw new ConfigError(`Invalid configuration: ${prefix}_CLIENT_SECRET: required when ${prefix}_CLIENT_ID is set`);
    return {
      clientId: id,
      clientSecret: secret,
      authorizationURL: e[`${prefix}_AUTH_URL`],
      tokenURL: e[`${prefix}_TOKEN_URL`],
      profileURL: e[`${prefix}_PROFILE_URL`],
    };
  };
  if (e.API_PROCESSES > 1 && e.ROLE === 'worker') {
    throw new ConfigError('Invalid configuration: API_PROCESSES: applies to the api and all roles; start more worker processes to scale the worker role');
  }
  if (e.API_PROCESSES > 1 && !e.DATABASE_URL) {
    throw new ConfigError(
      'Invalid configuration: API_PROCESSES: more than one API process needs PostgreSQL (set DATABASE_URL); the embedded PGlite database belongs to one process',
    );
  }
  const kycKeys = kycMasterKeys(e);
  const apiProcess = Number(env[API_PROCESS_ENV] ?? 1);
  const jwtSecret = e.JWT_SECRET ?? randomBytes(48).toString('base64url');
  const repoRoot = path.resolve(__dirname, '..', '..', '..', '..', '..');
  return {
    env: e.NODE_ENV,
    role: e.ROLE,
    apiProcesses: e.API_PROCESSES,
    apiProcess: Number.isInteger(apiProcess) && apiProcess >= 1 && apiProcess <= e.API_PROCESSES ? apiProcess : 1,
    listingSearchIndex: e.LISTING_SEARCH_INDEX,
    listingSearchRemember: e.LISTING_SEARCH_REMEMBER,
    port: e.PORT,
    host: e.HOST,
    database: { url: e.DATABASE_URL, poolSize: e.DATABASE_POOL_SIZE, pgliteDir: e.PGLITE_DIR, migrate: e.DB_MIGRATE },
    seedDemo: e.SEED_DEMO,
    poiLoadBundled: e.POI_LOAD_BUNDLED,
    redis: { url: e.REDIS_URL, prefix: e.REDIS_PREFIX },
    auth: {
      jwtSecret,
      jwtSecretGenerated: !e.JWT_SECRET || env[GENERATED_JWT_SECRET_ENV] === 'true',
      sessionTtlHours: e.SESSION_TTL_HOURS,
      loginMaxFailures: e.LOGIN_MAX_FAILURES,
      loginWindowSeconds: e.LOGIN_WINDOW_SECONDS,
      loginIpMaxFailures: e.LOGIN_IP_MAX_FAILURES,
      loginAccountFreeFailures: e.LOGIN_ACCOUNT_FREE_FAILURES,
      loginAccountDelaySeconds: e.LOGIN_ACCOUNT_DELAY_SECONDS,
      loginAccountMaxDelaySeconds: Math.max(e.LOGIN_ACCOUNT_MAX_DELAY_SECONDS, e.LOGIN_ACCOUNT_DELAY_SECONDS),
      signUpPerIpPerHour: e.SIGNUP_PER_IP_PER_HOUR,
      passwordResetPerIpPerHour: e.PASSWORD_RESET_PER_IP_PER_HOUR,
    },
    passwordHashing: { concurrency: e.PASSWORD_HASH_CONCURRENCY, maxWaiting: e.PASSWORD_HASH_MAX_WAITING },
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    corsOrigins: e.CORS_ORIGINS.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT,
    ci: !!e.CI && e.CI !== 'false' && e.CI !== '0',
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM, outboxDir: e.MAIL_OUTBOX_DIR },
    storageDir: e.STORAGE_DIR,
    storage: { driver: e.STORAGE_DRIVER, s3: s3Config(e) },
    uploads: { tmpDir: e.UPLOAD_TMP_DIR ?? path.join(e.STORAGE_DIR, 'tmp'), perHour: e.UPLOADS_PER_HOUR },
    market: { reportExportsPerHour: e.MARKET_REPORT_EXPORTS_PER_HOUR },
    aria: {
      provider: e.ARIA_PROVIDER,
      openai: { baseUrl: e.ARIA_OPENAI_BASE_URL?.replace(/\/$/, ''), model: e.ARIA_OPENAI_MODEL, apiKey: e.ARIA_OPENAI_API_KEY, timeoutMs: e.ARIA_OPENAI_TIMEOUT_MS },
      chatPerMinute: e.ARIA_CHAT_PER_MINUTE,
      runsPerHour: e.ARIA_RUNS_PER_HOUR,
      runLockMs: e.ARIA_RUN_LOCK_MS,
      embeddings: e.ARIA_EMBEDDINGS === 'on',
    },
    webDist: e.WEB_DIST ?? path.join(repoRoot, 'apps', 'web', 'dist'),
    httpCompression: e.HTTP_COMPRESSION,
    messaging: { sendPerMinute: e.MESSAGE_SEND_PER_MINUTE, fetchPerMinute: e.MESSAGE_FETCH_PER_MINUTE },
    realtime: { maxSocketsPerUser: e.SOCKET_MAX_PER_USER, handshakesPerMinute: e.SOCKET_HANDSHAKES_PER_MINUTE },
    guestViewsPerIpPerDay: e.GUEST_VIEWS_PER_IP_PER_DAY,
    oauth: { google: oauth('GOOGLE'), facebook: oauth('FACEBOOK'), codeTtlSeconds: e.OAUTH_CODE_TTL_SECONDS },
    geocoder: { url: e.GEOCODER_URL?.replace(/\/$/, ''), timeoutMs: e.GEOCODER_TIMEOUT_MS },
    events: {
      relayIntervalMs: e.EVENTS_RELAY_INTERVAL_MS,
      workerConcurrency: e.EVENTS_WORKER_CONCURRENCY,
      jobLockMs: e.EVENTS_JOB_LOCK_MS,
    },
    auditRetentionDays: e.AUDIT_RETENTION_DAYS,
    savedSearchAlerts: { batchMs: e.SAVED_SEARCH_ALERT_BATCH_MS, digestHour: e.SAVED_SEARCH_DIGEST_HOUR },
    payments: {
      sandbox: e.PAYMENTS_SANDBOX ?? e.NODE_ENV !== 'production',
      sandboxWebhookUrl: e.PAYMENT_SANDBOX_WEBHOOK_URL ?? `http://127.0.0.1:${e.PORT}/api/payment/webhook/sandbox`,
      // every process derives the same secret from the JWT secret they share
      sandboxSecret: createHmac('sha256', jwtSecret).update('tahanan-payment-sandbox-webhook').digest('hex'),
      paymongo: paymongoConfig(e),
      maya: mayaConfig(e),
      webhookToleranceSeconds: e.PAYMENT_WEBHOOK_TOLERANCE_SECONDS,
      providerTimeoutMs: e.PAYMENT_PROVIDER_TIMEOUT_MS,
    },
    receipts: { sellerName: e.RECEIPT_SELLER_NAME, sellerAddress: e.RECEIPT_SELLER_ADDRESS, sellerTin: e.RECEIPT_SELLER_TIN },
    planListingLimits: e.PLAN_LISTING_LIMITS,
    unverifiedActiveListings: e.KYC_UNVERIFIED_ACTIVE_LISTINGS,
    listingImport: {
      maxBytes: e.LISTING_IMPORT_MAX_BYTES,
      inlineMaxRows: e.LISTING_IMPORT_INLINE_MAX_ROWS,
      inlineWaitMs: e.LISTING_IMPORT_INLINE_WAIT_MS,
    },
    exports: {
      inlineMaxRows: e.EXPORT_INLINE_MAX_ROWS,
      inlineWaitMs: e.EXPORT_INLINE_WAIT_MS,
      workerConcurrency: e.EXPORT_WORKER_CONCURRENCY,
      jobLockMs: e.EXPORT_JOB_LOCK_MS,
      pdfFont: e.EXPORT_PDF_FONT,
      pdfFontBold: e.EXPORT_PDF_FONT_BOLD,
    },
    kyc: {
      ...kycKeys,
      devKeyFile: path.join(path.dirname(path.resolve(e.STORAGE_DIR)), 'keys', 'kyc-master.key'),
      approvalValidDays: e.KYC_APPROVAL_VALID_DAYS,
      retentionDays: e.KYC_RETENTION_DAYS,
      abandonedAfterDays: e.KYC_ABANDONED_AFTER_DAYS,
      submissionsPerDay: e.KYC_SUBMISSIONS_PER_DAY,
    },
  };
}

type Env = z.infer<typeof envSchema>;

function paymongoConfig(e: Env): AppConfig['payments']['paymongo'] {
  if (!e.PAYMONGO_SECRET_KEY) return undefined;
  if (!e.PAYMONGO_WEBHOOK_SECRET) {
    throw new ConfigError('Invalid configuration: PAYMONGO_WEBHOOK_SECRET: required when PAYMONGO_SECRET_KEY is set (webhooks are verified with it)');
  }
  return { secretKey: e.PAYMONGO_SECRET_KEY, webhookSecret: e.PAYMONGO_WEBHOOK_SECRET, apiUrl: e.PAYMONGO_API_URL.replace(/\/$/, '') };
}

function mayaConfig(e: Env): AppConfig['payments']['maya'] {
  if (!e.MAYA_PUBLIC_KEY && !e.MAYA_SECRET_KEY) return undefined;
  if (!e.MAYA_PUBLIC_KEY || !e.MAYA_SECRET_KEY) {
    throw new ConfigError('Invalid configuration: MAYA_PUBLIC_KEY and MAYA_SECRET_KEY: set both (checkouts use the public key, status checks the secret key)');
  }
  return { publicKey: e.MAYA_PUBLIC_KEY, secretKey: e.MAYA_SECRET_KEY, apiUrl: e.MAYA_API_URL.replace(/\/$/, '') };
}

/** 32 bytes from base64 (or base64url), or null. */
function keyBytes(value: string): Buffer | null {
  const v = value.trim();
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(v)) return null;
  const bytes = Buffer.from(v, 'base64');
  return bytes.length === 32 ? bytes : null;
}

function kycMasterKeys(e: Env): { masterKey: KycMasterKey | null; previousKeys: KycMasterKey[] } {
  const generate = 'e.g. openssl rand -base64 32';
  let masterKey: KycMasterKey | null = null;
  if (e.KYC_MASTER_KEY) {
    const key = keyBytes(e.KYC_MASTER_KEY);
    if (!key) throw new ConfigError(`Invalid configuration: KYC_MASTER_KEY: must be the base64 of 32 random bytes (${generate})`);
    masterKey = { id: e.KYC_MASTER_KEY_ID, key };
  } else if (e.NODE_ENV === 'production') {
    throw new ConfigError(
      `Invalid configuration: KYC_MASTER_KEY: required when NODE_ENV=production (the key identity documents are encrypted with; ${generate})`,
    );
  }
  const previousKeys: KycMasterKey[] = [];
  for (const entry of e.KYC_PREVIOUS_MASTER_KEYS.split(',').map((s) => s.trim()).filter(Boolean)) {
    const colon = entry.indexOf(':');
    const id = colon > 0 ? entry.slice(0, colon) : '';
    const key = colon > 0 ? keyBytes(entry.slice(colon + 1)) : null;
    if (!/^[a-zA-Z0-9_-]{1,32}$/.test(id) || !key) {
      throw new ConfigError('Invalid configuration: KYC_PREVIOUS_MASTER_KEYS: a comma-separated list of id:base64 (32 bytes each), e.g. k1:AbC…=');
    }
    if (id === e.KYC_MASTER_KEY_ID || previousKeys.some((k) => k.id === id)) {
      throw new ConfigError(`Invalid configuration: KYC_PREVIOUS_MASTER_KEYS: the key id '${id}' is used twice (each key needs its own id)`);
    }
    previousKeys.push({ id, key });
  }
  return { masterKey, previousKeys };
}

export interface S3StorageConfig {
  bucket: string;
  region: string;
  endpoint?: string;
  forcePathStyle: boolean;
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Prepended to every key: empty, or ending in `/`. */
  prefix: string;
}

function s3Config(e: Env): S3StorageConfig | undefined {
  if (e.STORAGE_DRIVER !== 's3') return undefined;
  if (!e.S3_BUCKET) throw new ConfigError('Invalid configuration: S3_BUCKET: required when STORAGE_DRIVER=s3');
  const id = e.S3_ACCESS_KEY_ID || undefined;
  const secret = e.S3_SECRET_ACCESS_KEY || undefined;
  if (!!id !== !!secret) {
    throw new ConfigError(
      "Invalid configuration: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: set both, or neither to use the AWS SDK's default credentials (an instance or task role)",
    );
  }
  return {
    bucket: e.S3_BUCKET,
    region: e.S3_REGION,
    endpoint: e.S3_ENDPOINT?.replace(/\/$/, ''),
    forcePathStyle: e.S3_FORCE_PATH_STYLE,
    credentials: id && secret ? { accessKeyId: id, secretAccessKey: secret } : undefined,
    prefix: e.S3_PREFIX && !e.S3_PREFIX.endsWith('/') ? `${e.S3_PREFIX}/` : e.S3_PREFIX,
  };
}

export const APP_CONFIG = Symbol('APP_CONFIG');
