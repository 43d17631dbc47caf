import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { platformFeeCents } from '#shared/money.ts';
import { payments, payoutMethods, users } from '../db/schema.ts';
import { recordPaymentIn } from '../features/payments/index.ts';
import { insertListing, registerUser } from './factories.ts';
import { buildTestApp, type TestApp } from './test-app.ts';

// Test apps on the real provider adapters (no sandbox) and the held payments payout tests start
// from. The default BTCPay URL is unreachable on purpose: nothing leaves the machine.
export const BTCPAY_SECRET = 'btcpay-secret';
export const COINBASE_SECRET = 'cc-secret';
export const PAYOUT_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';

export const btcpayApp = (
  over: { url?: string; storeId?: string; apiKey?: string; env?: Record<string, string> } = {},
) =>
  buildTestApp({
    PAYMENT_PROVIDER: 'btcpay',
    BTCPAY_URL: over.url ?? 'http://127.0.0.1:9',
    BTCPAY_STORE_ID: over.storeId ?? 'store',
    BTCPAY_API_KEY: over.apiKey ?? 'key',
    BTCPAY_WEBHOOK_SECRET: BTCPAY_SECRET,
    ...over.env,
  });

export const coinbaseApp = () =>
  buildTestApp({
    PAYMENT_PROVIDER: 'coinbase-commerce',
    COINBASE_COMMERCE_API_KEY: 'k',
    COINBASE_COMMERCE_WEBHOOK_SECRET: COINBASE_SECRET,
  });

// A signed-in member made an admin.
export async function registerAdmin({ app, db }: Pick<TestApp, 'app' | 'db'>) {
  const admin = await registerUser(app);
  await db.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.user.id));
  return admin;
}

type Method = { type: 'bitcoin' | 'lightning'; destination: string };

// A payout method in use at once (as a first one is).
export const addPayoutMethod = (
  db: TestApp['db'],
  userId: number,
  method: Method = { type: 'bitcoin', destination: PAYOUT_ADDRESS },
) => db.db.insert(payoutMethods).values({ userId, ...method, activeFrom: new Date(0) });

// A host (with a payout method in use) and a completed payment of `cents` rent whose hold ends at
// `releaseAt`, entered in the ledger as a real payment is.
export async function heldPayment(
  { app, db, config }: TestApp,
  opts: {
    cents: number;
    releaseAt: Date;
    renterId?: number;
    method?: Method;
    // A host who already has a payout method (another payment of theirs).
    host?: Awaited<ReturnType<typeof registerUser>>;
  },
) {
  const host = opts.host ?? (await registerUser(app));
  if (!opts.host) await addPayoutMethod(db, host.user.id, opts.method);
  const renterId = opts.renterId ?? (await registerUser(app)).user.id;
  const l = await insertListing(db, host.user.id, { price: opts.cents / 100, images: [] });
  const [p] = await db.db
    .insert(payments)
    .values({
      chargeId: randomUUID(),
      provider: config.payments.provider,
      listingId: l.id,
      renterId,
      hostId: host.user.id,
      amount: opts.cents,
      platformFee: platformFeeCents(opts.cents),
      status: 'completed',
      confirmedAt: new Date(opts.releaseAt.getTime() - 2 * 86_400_000),
      releaseAt: opts.releaseAt,
    })
    .returning();
  await recordPaymentIn(db.db, p);
  return { host, p };
}
