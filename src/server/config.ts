import path from 'node:path';
import { DEFAULT_MAP_ATTRIBUTION, DEFAULT_MAP_TILE_URL } from '#shared/map.ts';
import { type CalendarConfig, loadCalendarConfig } from './config-calendars.ts';
import { envSchema } from './config-env.ts';
import { DEFAULT_EXPLORERS, SANDBOX_PROOF_PAGE } from './explorers.ts';
import { loadOpsConfig, type OpsConfig } from './ops/config.ts';
import { parseTrustProxy } from './trust-proxy.ts';
import { loadWaitlistConfig, type WaitlistConfig } from './waitlist-config.ts';

export { parseTrustProxy };

// The Config the server runs with, built once at start from the checked environment (config-env.ts).

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
  // The smaller caches' byte budgets (ADR 047).
  cacheBudgets: { sessionsBytes: number; countsBytes: number; pagesBytes: number };
  images: { jobs: number; threads: number };
  sessionCacheMs: number;
  // npm start fills an empty embedded database with the demo marketplace unless SEED_DEMO=false.
  seedDemo: boolean;
  // The map's tiles and their credit line (HTML); the CSP allows the tile host.
  map: { tileUrl: string; attribution: string };
  // Metrics, health and shutdown (ADR 033).
  ops: OpsConfig;
  // Waiting lists: how long an offer is held (ADR 049).
  waitlists: WaitlistConfig;
  // Reading hosts' external calendars (ADR 048).
  calendars: CalendarConfig;
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
    // A payout proof's page ({txid}, or the sandbox's {payout}: explorers.ts); null: none (regtest).
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
    cacheBudgets: {
      sessionsBytes: e.SESSION_CACHE_MAX_KB * 1024,
      countsBytes: e.COUNT_CACHE_MAX_KB * 1024,
      pagesBytes: e.PAGE_CACHE_MAX_KB * 1024,
    },
    images: { jobs: e.IMAGE_JOBS, threads: e.IMAGE_THREADS },
    sessionCacheMs: e.SESSION_CACHE_MS,
    map: {
      tileUrl: e.MAP_TILE_URL ?? DEFAULT_MAP_TILE_URL,
      attribution: e.MAP_ATTRIBUTION || DEFAULT_MAP_ATTRIBUTION,
    },
    ops: loadOpsConfig(env),
    waitlists: loadWaitlistConfig(env),
    calendars: loadCalendarConfig(env),
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
      // The sandbox's made-up payouts link to its own page (ADR 059), unless an explorer is set.
      explorerTxUrl:
        e.BLOCK_EXPLORER_TX_URL ??
        (e.PAYMENT_PROVIDER === 'sandbox' ? SANDBOX_PROOF_PAGE : DEFAULT_EXPLORERS[e.BITCOIN_NETWORK]),
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
