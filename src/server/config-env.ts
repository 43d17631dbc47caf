import { z } from 'zod';
import { isTileUrlTemplate } from '#shared/map.ts';

// The settings the server reads from its environment (.env.example lists each), checked once at start:
// a bad value stops the process with a readable message (config.ts builds the Config from them).
const int = (def: number, min = 0) => z.coerce.number().int().min(min).default(def);
const switchOf = (values: [string, ...string[]], error: string) =>
  z.string().trim().toLowerCase().pipe(z.enum(values, { error })).optional();

export const envSchema = z.object({
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
  // The smaller caches' byte budgets (ADR 047), in kB: sessions kept per process, the listing
  // counts kept per search, and the pre-rendered content pages.
  SESSION_CACHE_MAX_KB: int(4096, 16),
  COUNT_CACHE_MAX_KB: int(1024, 16),
  PAGE_CACHE_MAX_KB: int(4096, 16),
  // Image work (ADR 047): how many decodes or encodes at once, on how many libvips threads each.
  IMAGE_JOBS: int(2, 1),
  IMAGE_THREADS: int(1, 1),
  // Sessions kept in each process this many ms (ADR 041); 0: every request reads the database.
  SESSION_CACHE_MS: int(30_000),
  SEED_DEMO: switchOf(['true', 'false', '1', '0', ''], 'must be true or false'),
});

export type Env = z.infer<typeof envSchema>;
