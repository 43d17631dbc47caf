import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_MAP_ATTRIBUTION, DEFAULT_MAP_TILE_URL, isTileUrlTemplate } from '#shared/map.ts';
import { DEFAULT_EXPLORERS } from './explorers.ts';
import { loadOpsConfig, type OpsConfig } from './ops/config.ts';
import { parseTrustProxy } from './trust-proxy.ts';

export { parseTrustProxy };

// Environment, parsed once at start. A bad value stops the process with a readable message.
const int = (def: number, min = 0) => z.coerce.number().int().min(min).default(def);
const switchOf = (values: [string, ...string[]], error: string) =>
  z.string().trim().toLowerCase().pipe(z.enum(values, { error })).optional();

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: int(3000, 0),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  PUBLIC_URL: z
    .string()
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  TRUST_PROXY: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_POOL_SIZE: int(20, 1),
  // The embedded database's buffer pool and per-sort memory (ADR 047), in PostgreSQL's units.
  PGLITE_SHARED_BUFFERS: z
    .string()
    .regex(/^\d+(kB|MB|GB)$/, 'must be a size such as 16MB')
    .default('16MB'),
  PGLITE_WORK_MEM: z
    .string()
    .regex(/^\d+(kB|MB|GB)$/, 'must be a size such as 2MB')
    .default('2MB'),
  DATABASE_STATEMENT_TIMEOUT_MS: int(4000, 0),
  SESSION_IDLE_DAYS: int(14, 1),
  SESSION_MAX_DAYS: int(60, 1),
  PASSWORD_HASH_LOG2N: int(17, 10),
  JOBS_MAX_INTERVAL_S: int(0, 0),
  LOGIN_MAX_FAILURES: int(10, 1),
  LOGIN_MAX_FAILURES_PER_IP: int(100, 1),
  LOGIN_WINDOW_MINUTES: int(15, 1),
  REGISTER_MAX_PER_HOUR: int(100, 1),
  UPLOAD_MAX_PER_DAY: int(100, 1),
  UPLOAD_MAX_BYTES_PER_DAY: int(200 * 1024 * 1024, 1),
  // Where uploaded images live (ADR 026): disk by default on PGlite, database when DATABASE_URL is set.
  UPLOADS_STORE: z
    .enum(['disk', 'database', 's3'])
    .optional()
    .or(z.literal('').transform(() => undefined)),
  S3_ENDPOINT: z
    .string()
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: switchOf(['true', 'false', '1', '0', ''], 'must be true or false'),
  PAYMENT_PROVIDER: z.enum(['sandbox', 'btcpay', 'coinbase', 'coinbase-commerce']).default('sandbox'),
  SANDBOX_WEBHOOK_SECRET: z.string().optional(),
  BTCPAY_URL: z
    .string()
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  BTCPAY_STORE_ID: z.string().optional(),
  BTCPAY_API_KEY: z.string().optional(),
  BTCPAY_WEBHOOK_SECRET: z.string().optional(),
  // Coinbase Business (ADR 046): the Checkouts API, a CDP API key, the webhook subscription's secret.
  COINBASE_API_URL: z
    .string()
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  COINBASE_API_KEY_ID: z.string().optional(),
  COINBASE_API_KEY_SECRET: z.string().optional(),
  COINBASE_WEBHOOK_SECRET: z.string().optional(),
  COINBASE_COMMERCE_API_KEY: z.string().optional(),
  COINBASE_COMMERCE_WEBHOOK_SECRET: z.string().optional(),
  // Payouts (ADR 032): the hold after the rental starts, attempts before an operator decides, the
  // sandbox store's payout processor (none: payouts wait on their sandbox page), the Bitcoin
  // network of payout addresses, the block explorer link of a transaction ({txid} is replaced).
  PAYOUT_HOLD_HOURS: z.coerce
    .number()
    .min(0)
    .max(24 * 90)
    .default(24),
  PAYOUT_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(5),
  // A payout the provider holds (awaiting approval or payment) this long is shown to operators as
  // waiting at the provider, with the reason, and counted in a metric (ADR 044).
  PAYOUT_PROVIDER_WAIT_HOURS: z.coerce
    .number()
    .min(0.01)
    .max(24 * 30)
    .default(6),
  // How long a call to the payment provider's API may take before it counts as failed (and is
  // looked up by our reference before it is made again).
  PROVIDER_TIMEOUT_SECONDS: z.coerce.number().min(0.1).max(120).default(15),
  // Month-by-month rent (ADR 040): a month's invoice is written this many days before it begins;
  // unpaid this many days after it began, the stay ends with the paid time.
  RENT_INVOICE_DAYS_BEFORE: z.coerce.number().int().min(1).max(31).default(7),
  RENT_GRACE_DAYS: z.coerce.number().int().min(0).max(14).default(3),
  SANDBOX_PAYOUT_PROCESSOR: z.enum(['automated', 'none']).default('automated'),
  BITCOIN_NETWORK: z.enum(['mainnet', 'testnet', 'regtest']).default('mainnet'),
  BLOCK_EXPLORER_TX_URL: z
    .string()
    .regex(/^https?:\/\/[^\s]*\{txid\}[^\s]*$/, { error: 'must be an http(s) URL with {txid} in it' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^\s]+$/, 'must be an smtp:// or smtps:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  MAIL_FROM: z.string().min(3).default('Yardshare <no-reply@yardshare.localhost>'),
  SUPPORT_EMAIL: z.email().default('support@yardshare.localhost'),
  CONTACT_MAX_PER_HOUR: int(5, 1),
  MAP_TILE_URL: z
    .string()
    .trim()
    .refine(isTileUrlTemplate, 'must be an http(s) tile URL template with {z}, {x} and {y}')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  MAP_ATTRIBUTION: z.string().trim().optional(),
  // The cache of anonymous public reads (ADR 025): off measures or debugs the uncached path.
  PUBLIC_CACHE: switchOf(['on', 'off', 'true', 'false', '1', '0', ''], 'must be on or off'),
  // The read cache's byte budget (ADR 047): the least recently used entries go first beyond it.
  PUBLIC_CACHE_MAX_MB: int(16, 1),
  // Sessions kept in each process this many ms (ADR 041); 0: every request reads the database.
  SESSION_CACHE_MS: int(30_000),
  SEED_DEMO: switchOf(['true', 'false', '1', '0', ''], 'must be true or false'),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  uploadsDir: string;
  databaseUrl?: string;
  // PostgreSQL connections this instance keeps open at most (ADR 027).
  databasePoolSize: number;
  pglite: { sharedBuffers: string; workMem: string };
  // A statement running longer answers 503 (0: no limit). On PGlite it also replaces the database thread (ADR 030).
  databaseStatementTimeoutMs: number;
  publicUrl?: string;
  // false, a number of proxy hops, or the proxies' addresses (see parseTrustProxy).
  trustProxy: false | number | string[];
  logLevel: string;
  session: { idleMs: number; maxMs: number };
  passwordHashLog2N: number;
  // JOBS_MAX_INTERVAL_S in ms: no scheduled job waits longer between runs (0: each its own interval).
  jobsMaxIntervalMs: number;
  limits: {
    loginMaxFailures: number;
    loginMaxFailuresPerIp: number;
    loginWindowMs: number;
    registerMaxPerHour: number;
  };
  // Per user, over the last 24 hours; bytes are those of the stored (re-encoded) files.
  uploadQuota: { maxPerDay: number; maxBytesPerDay: number };
  // Where the bytes of uploads live (ADR 026): this instance's disk (uploadsDir), the database
  // (upload_blobs), or an S3-compatible bucket. Every instance must read the same store.
  uploads: {
    store: 'disk' | 'database' | 's3';
    s3?: {
      endpoint?: string;
      bucket: string;
      region: string;
      accessKeyId?: string;
      secretAccessKey?: string;
      forcePathStyle: boolean;
    };
  };
  // E-mail (ADR 021): over SMTP when smtpUrl is set, else written as .eml files to `dir`.
  mail: { smtpUrl?: string; from: string; supportEmail: string; dir: string; contactMaxPerHour: number };
  // Anonymous public reads served from ready bytes (ADR 025); PUBLIC_CACHE=off turns it off.
  publicCache: boolean;
  publicCacheMaxMb: number;
  sessionCacheMs: number;
  // npm start fills an empty embedded database with the demo marketplace unless SEED_DEMO=false.
  seedDemo: boolean;
  // The map's tiles and their credit line (HTML); the CSP allows the tile host.
  map: { tileUrl: string; attribution: string };
  // Metrics, health and shutdown (ADR 033).
  ops: OpsConfig;
  payments: {
    provider: 'sandbox' | 'btcpay' | 'coinbase' | 'coinbase-commerce';
    sandboxWebhookSecret?: string;
    btcpay: { url?: string; storeId?: string; apiKey?: string; webhookSecret?: string };
    coinbase: { url?: string; keyId?: string; keySecret?: string; webhookSecret?: string };
    coinbaseCommerce: { apiKey?: string; webhookSecret?: string };
    // The grower's money is held this long after the rental starts, then paid out to the host.
    payoutHoldMs: number;
    payoutMaxAttempts: number;
    providerTimeoutMs: number;
    payoutProviderWaitMs: number;
    rent: { invoiceDaysBefore: number; graceDays: number };
    sandboxPayoutProcessor: 'automated' | 'none';
    bitcoinNetwork: 'mainnet' | 'testnet' | 'regtest';
    // A payout transaction's link; null: no explorer (regtest).
    explorerTxUrl: string | null;
  };
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment settings:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const config: Config = {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    uploadsDir: path.join(dataDir, 'uploads'),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    pglite: { sharedBuffers: e.PGLITE_SHARED_BUFFERS, workMem: e.PGLITE_WORK_MEM },
    databaseStatementTimeoutMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
    publicUrl: e.PUBLIC_URL?.replace(/\/$/, ''),
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    logLevel: e.LOG_LEVEL,
    session: { idleMs: e.SESSION_IDLE_DAYS * 86_400_000, maxMs: e.SESSION_MAX_DAYS * 86_400_000 },
    passwordHashLog2N: e.PASSWORD_HASH_LOG2N,
    jobsMaxIntervalMs: e.JOBS_MAX_INTERVAL_S * 1000,
    limits: {
      loginMaxFailures: e.LOGIN_MAX_FAILURES,
      loginMaxFailuresPerIp: e.LOGIN_MAX_FAILURES_PER_IP,
      loginWindowMs: e.LOGIN_WINDOW_MINUTES * 60_000,
      registerMaxPerHour: e.REGISTER_MAX_PER_HOUR,
    },
    uploadQuota: { maxPerDay: e.UPLOAD_MAX_PER_DAY, maxBytesPerDay: e.UPLOAD_MAX_BYTES_PER_DAY },
    uploads: {
      store: e.UPLOADS_STORE ?? (e.DATABASE_URL ? 'database' : 'disk'),
      s3: e.S3_BUCKET
        ? {
            endpoint: e.S3_ENDPOINT,
            bucket: e.S3_BUCKET,
            region: e.S3_REGION,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true' || e.S3_FORCE_PATH_STYLE === '1',
          }
        : undefined,
    },
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM,
      supportEmail: e.SUPPORT_EMAIL,
      dir: path.join(dataDir, 'mail'),
      contactMaxPerHour: e.CONTACT_MAX_PER_HOUR,
    },
    seedDemo: e.SEED_DEMO !== 'false' && e.SEED_DEMO !== '0',
    publicCache: !['off', 'false', '0'].includes(e.PUBLIC_CACHE ?? ''),
    publicCacheMaxMb: e.PUBLIC_CACHE_MAX_MB,
    sessionCacheMs: e.SESSION_CACHE_MS,
    map: {
      tileUrl: e.MAP_TILE_URL ?? DEFAULT_MAP_TILE_URL,
      attribution: e.MAP_ATTRIBUTION || DEFAULT_MAP_ATTRIBUTION,
    },
    ops: loadOpsConfig(env),
    payments: {
      provider: e.PAYMENT_PROVIDER,
      sandboxWebhookSecret: e.SANDBOX_WEBHOOK_SECRET,
      btcpay: {
        url: e.BTCPAY_URL,
        storeId: e.BTCPAY_STORE_ID,
        apiKey: e.BTCPAY_API_KEY,
        webhookSecret: e.BTCPAY_WEBHOOK_SECRET,
      },
      providerTimeoutMs: Math.round(e.PROVIDER_TIMEOUT_SECONDS * 1000),
      payoutProviderWaitMs: Math.round(e.PAYOUT_PROVIDER_WAIT_HOURS * 3_600_000),
      coinbase: {
        url: e.COINBASE_API_URL,
        keyId: e.COINBASE_API_KEY_ID,
        keySecret: e.COINBASE_API_KEY_SECRET,
        webhookSecret: e.COINBASE_WEBHOOK_SECRET,
      },
      coinbaseCommerce: {
        apiKey: e.COINBASE_COMMERCE_API_KEY,
        webhookSecret: e.COINBASE_COMMERCE_WEBHOOK_SECRET,
      },
      payoutHoldMs: Math.round(e.PAYOUT_HOLD_HOURS * 3_600_000),
      payoutMaxAttempts: e.PAYOUT_MAX_ATTEMPTS,
      rent: { invoiceDaysBefore: e.RENT_INVOICE_DAYS_BEFORE, graceDays: e.RENT_GRACE_DAYS },
      sandboxPayoutProcessor: e.SANDBOX_PAYOUT_PROCESSOR,
      bitcoinNetwork: e.BITCOIN_NETWORK,
      explorerTxUrl: e.BLOCK_EXPLORER_TX_URL ?? DEFAULT_EXPLORERS[e.BITCOIN_NETWORK],
    },
  };
  // Links, the sitemap and robots.txt must never follow a client's Host or X-Forwarded-Host.
  if (config.env === 'production' && !config.publicUrl)
    throw new Error(
      'PUBLIC_URL is required in production (e.g. https://yardshare.example); npm start sets it to http://localhost:PORT when it is unset',
    );
  const missing: string[] = [];
  if (config.payments.provider === 'btcpay') {
    for (const [k, v] of Object.entries({
      BTCPAY_URL: e.BTCPAY_URL,
      BTCPAY_STORE_ID: e.BTCPAY_STORE_ID,
      BTCPAY_API_KEY: e.BTCPAY_API_KEY,
      BTCPAY_WEBHOOK_SECRET: e.BTCPAY_WEBHOOK_SECRET,
    }))
      if (!v) missing.push(k);
  }
  if (config.payments.provider === 'coinbase') {
    for (const [k, v] of Object.entries({
      COINBASE_API_KEY_ID: e.COINBASE_API_KEY_ID,
      COINBASE_API_KEY_SECRET: e.COINBASE_API_KEY_SECRET,
      COINBASE_WEBHOOK_SECRET: e.COINBASE_WEBHOOK_SECRET,
    }))
      if (!v) missing.push(k);
  }
  if (config.payments.provider === 'coinbase-commerce') {
    for (const [k, v] of Object.entries({
      COINBASE_COMMERCE_API_KEY: e.COINBASE_COMMERCE_API_KEY,
      COINBASE_COMMERCE_WEBHOOK_SECRET: e.COINBASE_COMMERCE_WEBHOOK_SECRET,
    }))
      if (!v) missing.push(k);
  }
  if (missing.length)
    throw new Error(
      `PAYMENT_PROVIDER=${config.payments.provider} needs these settings: ${missing.join(', ')}`,
    );
  // Without keys the SDK's own chain (AWS_* variables, an instance role) supplies them.
  const s3Missing = [
    ...(e.S3_BUCKET ? [] : ['S3_BUCKET']),
    ...(!e.S3_ACCESS_KEY_ID !== !e.S3_SECRET_ACCESS_KEY
      ? [e.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID']
      : []),
  ];
  if (config.uploads.store === 's3' && s3Missing.length)
    throw new Error(`UPLOADS_STORE=s3 needs these settings: ${s3Missing.join(', ')}`);
  return config;
}

// The origin links in e-mails point to: PUBLIC_URL, or this server's own address in development.
export const appOrigin = (config: Config) => config.publicUrl ?? `http://localhost:${config.port}`;
