import { describe, expect, it } from 'vitest';
import { bookings, ledgerEntries, payments, payouts } from '../db/schema.ts';
import { insertListing, registerUser } from '../testing/factories.ts';
import { buildTestApp } from '../testing/test-app.ts';
import { allowList, isAllowed, loadOpsConfig } from './config.ts';

const TOKEN = 'metrics-token-for-the-tests-0123456789';
const { app, db } = await buildTestApp({ METRICS_TOKEN: TOKEN, METRICS_ALLOW: '127.0.0.1,::1,10.1.0.0/16' });
const OUTSIDE = '203.0.113.5';

const scrape = (remoteAddress = '127.0.0.1', headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url: '/metrics', remoteAddress, headers });

// The value of the sample `name` whose labels include every given pair; undefined when absent.
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const pairs = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][\w:]*)(\{[^}]*\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    if (pairs.every((p) => (m[2] ?? '').includes(p))) return Number(m[3]);
  }
  return undefined;
}

describe('who may read /metrics', () => {
  it('an allowed address reads them without a token: loopback and a METRICS_ALLOW range', async () => {
    for (const ip of ['127.0.0.1', '10.1.200.7']) {
      const res = await scrape(ip);
      expect(res.statusCode, ip).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    }
  });

  it('another address without a token gets 401 with { message }', async () => {
    const res = await scrape(OUTSIDE);
    expect(res.statusCode).toBe(401);
    expect(res.headers['www-authenticate']).toBe('Bearer');
    expect(res.json()).toEqual({ message: 'Metrics need a bearer token.' });
  });

  it('a wrong token is 403; the right one opens them from anywhere', async () => {
    const wrong = await scrape(OUTSIDE, { authorization: 'Bearer not-the-token' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toEqual({ message: 'Metrics are not open to you.' });
    const right = await scrape(OUTSIDE, { authorization: `Bearer ${TOKEN}` });
    expect(right.statusCode).toBe(200);
    expect(right.body).toContain('process_resident_memory_bytes');
    // PGlite runs in a child process (ADR 030): its memory is reported beside the server's.
    if (process.env.TEST_DB !== 'postgres')
      expect(right.body).toMatch(/^yardshare_db_process_resident_memory_bytes \d{8,}/m);
  });

  it('X-Forwarded-For is not believed without TRUST_PROXY', async () => {
    const res = await scrape(OUTSIDE, { 'x-forwarded-for': '127.0.0.1' });
    expect(res.statusCode).toBe(401);
  });

  it('without METRICS_TOKEN a stranger is refused outright (403); bad settings fail at start', () => {
    const ops = loadOpsConfig({});
    expect(ops).toMatchObject({ metricsEnabled: true, metricsAllow: ['127.0.0.1', '::1'] });
    expect(ops.shutdownTimeoutMs).toBe(25_000);
    const list = allowList(ops.metricsAllow);
    expect(isAllowed(list, '::ffff:127.0.0.1')).toBe(true);
    expect(isAllowed(list, '::1')).toBe(true);
    expect(isAllowed(list, '127.0.0.2')).toBe(false);
    expect(() => loadOpsConfig({ METRICS_ALLOW: '10.0.0.0/33' })).toThrow(/METRICS_ALLOW/);
    expect(() => loadOpsConfig({ SHUTDOWN_TIMEOUT_S: 'soon' })).toThrow(/SHUTDOWN_TIMEOUT_S/);
    expect(() => loadOpsConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
    expect(loadOpsConfig({ METRICS: 'off' }).metricsEnabled).toBe(false);
  });
});

describe('the series', () => {
  it('count and time requests by route pattern and status, never by raw URL', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/listings/987654' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/livez' })).statusCode).toBe(200);
    const text = (await scrape()).body;
    const route = { method: 'GET', route: '/api/listings/:id', status_code: '404' };
    expect(sample(text, 'http_requests_total', route)).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'http_request_duration_seconds_count', route)).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'http_requests_total', { route: '/livez', status_code: '200' })).toBe(1);
    expect(text).not.toContain('987654');
    for (const name of [
      'yardshare_db_query_duration_seconds_count',
      'yardshare_db_statement_timeouts_total',
      'yardshare_db_thread_replacements_total',
      'yardshare_sse_streams_open',
      'yardshare_public_cache_hits_total',
      'yardshare_public_cache_misses_total',
      'yardshare_public_cache_bytes',
      'yardshare_public_cache_entries',
      'yardshare_mail_outbox_retrying',
      'yardshare_instance_draining',
      'yardshare_metrics_database_up',
      'nodejs_heap_size_used_bytes',
    ])
      expect(sample(text, name), name).toBeDefined();
    expect(sample(text, 'yardshare_db_query_duration_seconds_count')).toBeGreaterThan(0);
    expect(sample(text, 'yardshare_metrics_database_up')).toBe(1);
    // The read cache's byte budget is PUBLIC_CACHE_MAX_MB (16 by default), and its gauge says what it holds.
    expect(app.publicCache.limits.maxBytes).toBe(16 * 1024 * 1024);
    expect(sample(text, 'yardshare_public_cache_bytes')).toBe(app.publicCache.totalBytes);
    expect(sample(text, 'yardshare_mail_outbox_messages', { status: 'pending' })).toBeDefined();
  });

  it('say what every cache holds against its byte budget', async () => {
    // A search and its count, a signed-in lookup: the counts and the sessions hold something.
    await app.inject({ method: 'GET', url: '/api/listings?location=Portland' });
    const text = (await scrape()).body;
    const held = app.cachesHeld();
    expect(Object.keys(held).sort()).toEqual(['counts', 'pages', 'public', 'sessions']);
    for (const [cache, h] of Object.entries(held)) {
      expect(sample(text, 'yardshare_cache_bytes', { cache }), cache).toBeDefined();
      expect(sample(text, 'yardshare_cache_entries', { cache }), cache).toBeDefined();
      expect(h.bytes, cache).toBeGreaterThanOrEqual(0);
    }
    const limits = app.config.cacheBudgets;
    expect(limits).toEqual({ sessionsBytes: 4096 * 1024, countsBytes: 1024 * 1024, pagesBytes: 4096 * 1024 });
    expect(app.sessions.cache?.held.bytes ?? 0).toBeLessThanOrEqual(limits.sessionsBytes);
  });

  it('count job runs and failures per job, and show each job lag', async () => {
    app.jobs.register({
      name: 'test.fails',
      everyMs: 60_000,
      run: async () => Promise.reject(new Error('no')),
    });
    await app.jobs.tick(new Date());
    const text = (await scrape()).body;
    expect(sample(text, 'yardshare_job_runs_total', { job_name: 'test.fails' })).toBe(1);
    expect(sample(text, 'yardshare_job_failures_total', { job_name: 'test.fails' })).toBe(1);
    expect(sample(text, 'yardshare_job_runs_total', { job_name: 'mail.outbox' })).toBe(1);
    expect(sample(text, 'yardshare_job_lag_seconds', { job_name: 'mail.outbox' })).toBe(0);
  });

  it('marketplace figures reflect the bookings, payments, payouts and ledger in the database', async () => {
    const before = (await scrape()).body;
    const host = await registerUser(app);
    const grower = await registerUser(app);
    const listing = await insertListing(db, host.user.id);
    const base = {
      listingId: listing.id,
      growerId: grower.user.id,
      hostId: host.user.id,
      type: 'rental' as const,
    };
    const [booking] = await db.db
      .insert(bookings)
      .values([
        { ...base, status: 'paid', start: '2031-01-01', end: '2031-03-01', months: 2 },
        { ...base, status: 'declined', start: '2031-05-01', end: '2031-06-01', months: 1 },
      ])
      .returning();
    const [payment] = await db.db
      .insert(payments)
      .values({
        chargeId: `metrics-${booking.id}`,
        provider: 'sandbox',
        listingId: listing.id,
        renterId: grower.user.id,
        hostId: host.user.id,
        amount: 10_600,
        platformFee: 600,
        status: 'completed',
        bookingId: booking.id,
      })
      .returning();
    const txn = `payment:${payment.id}`;
    await db.db.insert(ledgerEntries).values([
      { txn, kind: 'payment', paymentId: payment.id, account: 'cash', amountCents: 10_600 },
      { txn, kind: 'payment', paymentId: payment.id, account: 'host_payable', amountCents: -10_000 },
      { txn, kind: 'payment', paymentId: payment.id, account: 'platform_fees', amountCents: -600 },
    ]);
    await db.db.insert(payouts).values({
      paymentId: payment.id,
      hostId: host.user.id,
      amountCents: 10_000,
      state: 'awaiting_details',
      provider: 'sandbox',
      reference: `metrics-${payment.id}`,
    });
    const after = (await scrape()).body;
    const delta = (name: string, labels: Record<string, string> = {}) =>
      (sample(after, name, labels) ?? Number.NaN) - (sample(before, name, labels) ?? Number.NaN);
    expect(delta('yardshare_bookings', { state: 'paid' })).toBe(1);
    expect(delta('yardshare_bookings', { state: 'declined' })).toBe(1);
    expect(delta('yardshare_bookings', { state: 'cancelled' })).toBe(0);
    expect(delta('yardshare_payments', { state: 'completed' })).toBe(1);
    expect(delta('yardshare_payouts', { state: 'awaiting_details' })).toBe(1);
    expect(delta('yardshare_money_held_cents')).toBe(10_600);
    expect(delta('yardshare_money_owed_to_hosts_cents')).toBe(10_000);
    expect(delta('yardshare_platform_fees_cents')).toBe(600);
  });
});
