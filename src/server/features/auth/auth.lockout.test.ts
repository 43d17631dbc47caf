import fs from 'node:fs';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { postgresHandle } from '../../db/client.ts';
import { appSecrets, users } from '../../db/schema.ts';
import { registerUser } from '../../testing/factories.ts';
import { createTestDb, indexHtmlFixture, testConfig } from '../../testing/test-app.ts';
import { signDevice } from './device-cookie.ts';

// Sign-in that cannot be used against the owner (ADR 056): failures from elsewhere slow guessing
// down without locking the owner's own browser out. Two instances share the database (on
// PostgreSQL each with its own connections): the counts and the device cookies' key are shared.
// Defaults: LOGIN_MAX_FAILURES 10 (per account from unknown browsers, and per device cookie),
// so 5 per account and address; LOGIN_MAX_FAILURES_PER_IP 100.
const { indexHtml } = indexHtmlFixture();
const { handle, url, drop } = await createTestDb();
const second = url ? postgresHandle(url, 5) : handle;
const configs = [testConfig({ TRUST_PROXY: '1' }), testConfig({ TRUST_PROXY: '1' })];
const a = await buildApp({ config: configs[0], db: handle, logger: false, serveClient: false, indexHtml });
const b = await buildApp({ config: configs[1], db: second, logger: false, serveClient: false, indexHtml });
await a.ready();
await b.ready();
afterAll(async () => {
  await a.close();
  await b.close();
  if (second !== handle) await second.close();
  await drop();
  for (const c of configs) fs.rmSync(c.dataDir, { recursive: true, force: true });
});

const TOO_MANY = { message: 'Too many failed login attempts. Please try again later.', code: 'RATE_LIMITED' };

type Res = { statusCode: number; headers: Record<string, unknown>; json: () => { message: string } };
const cookiesOf = (res: Res) => [res.headers['set-cookie']].flat().filter(Boolean).map(String);
// The cookie header value of the device cookie a response set.
function deviceOf(res: Res): string {
  const found = cookiesOf(res).find((c) => c.startsWith('ys_device='));
  if (!found) throw new Error(`no device cookie set (${res.statusCode})`);
  return found.split(';')[0];
}

// The client's address as our proxy reports it (TRUST_PROXY=1).
const login = (
  username: string,
  password: string,
  ip: string,
  device?: string,
  app: FastifyInstance = a,
): Promise<Res> =>
  app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username, password },
    headers: { 'x-forwarded-for': ip, ...(device ? { cookie: device } : {}) },
  });

// The owner signs in once from their own browser, which keeps its device cookie.
async function owner() {
  const { input, user } = await registerUser(a);
  const first = await login(input.username, input.password, '10.60.0.1');
  expect(first.statusCode).toBe(200);
  return { input, user, device: deviceOf(first) };
}

describe('sign-in that cannot be used against the owner', () => {
  it("the owner's browser signs in after 12 wrong passwords from elsewhere; unknown browsers wait", async () => {
    const { input, device } = await owner();
    const wrong = await Promise.all(
      Array.from({ length: 12 }, (_, i) => login(input.username, 'wrong-pass', `10.61.${i}.1`)),
    );
    // Ten are checked (401), the rest are refused before any check (429).
    expect(wrong.filter((r) => r.statusCode === 401)).toHaveLength(10);
    expect(wrong.filter((r) => r.statusCode === 429)).toHaveLength(2);
    // A browser the account does not know is refused, as today: same status, same message.
    const stranger = await login(input.username, input.password, '10.61.99.1');
    expect(stranger.statusCode).toBe(429);
    expect(stranger.json()).toEqual(TOO_MANY);
    // The owner's own browser gets in, from any address, and its cookie is renewed.
    const mine = await login(input.username, input.password, '10.61.100.1', device);
    expect(mine.statusCode, JSON.stringify(mine.json())).toBe(200);
    expect(cookiesOf(mine).some((c) => c.startsWith('ys_session='))).toBe(true);
    expect(deviceOf(mine)).not.toBe(device);
    // The owner signing in does not hand the guessers a fresh count.
    expect((await login(input.username, input.password, '10.61.101.1')).statusCode).toBe(429);
  });

  it('an attacker at one address is throttled after 5 guesses; the owner elsewhere, even in a new browser, is not', async () => {
    const { input } = await owner();
    for (let i = 0; i < 5; i++)
      expect((await login(input.username, `guess-${i}`, '10.62.0.1')).statusCode).toBe(401);
    const sixth = await login(input.username, input.password, '10.62.0.1');
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toEqual(TOO_MANY);
    // Five failures are half the account's count: one address alone never locks the account.
    const newBrowser = await login(input.username, input.password, '10.62.0.2');
    expect(newBrowser.statusCode).toBe(200);
    // That success cleared the account's count, not the attacker's own at his address.
    expect((await login(input.username, 'guess-6', '10.62.0.1')).statusCode).toBe(429);
  });

  it('a new browser at a fresh address is refused once the account has 10 failures from unknown browsers', async () => {
    const { input, device } = await owner();
    // Two addresses, five guesses each: each pair at its limit, the account at its own.
    for (const ip of ['10.63.0.1', '10.63.0.2'])
      for (let i = 0; i < 5; i++)
        expect((await login(input.username, 'wrong-pass', ip)).statusCode).toBe(401);
    expect((await login(input.username, input.password, '10.63.0.3')).statusCode).toBe(429);
    // The same browser with the account's device cookie is not unknown.
    expect((await login(input.username, input.password, '10.63.0.3', device)).statusCode).toBe(200);
  });

  it('a forged, altered, expired or other account device cookie gives no bypass', async () => {
    const owned = await owner();
    const { input, device } = owned;
    const other = await owner();
    for (let i = 0; i < 10; i++)
      expect((await login(input.username, 'wrong-pass', `10.64.${i}.1`)).statusCode).toBe(401);
    const [, value] = device.split('=');
    const [id, issued, nonce, mac] = value.split('.');
    const flip = (s: string) => (s[0] === 'A' ? 'B' : 'A') + s.slice(1);
    // Signed with the deployment's own key, but 400 days old.
    const [key] = await handle.db.select().from(appSecrets).where(eq(appSecrets.name, 'device-cookie'));
    const old = signDevice(Buffer.from(key.value, 'base64url'), owned.user.id, Date.now() - 400 * 86_400_000);
    const forged = [
      `ys_device=${id}.${issued}.${'A'.repeat(22)}.${'A'.repeat(43)}`,
      `ys_device=${id}.${issued}.${flip(nonce)}.${mac}`,
      `ys_device=${id}.${issued}.${nonce}.${flip(mac)}`,
      `ys_device=${old}`,
      `ys_device=${other.user.id}.${issued}.${nonce}.${mac}`,
      // Another account's genuine cookie (the guesser's own).
      other.device,
      'ys_device=not-a-cookie',
    ];
    for (const cookie of forged) {
      const res = await login(input.username, input.password, '10.64.99.1', cookie);
      expect(res.statusCode, cookie).toBe(429);
      expect(res.json()).toEqual(TOO_MANY);
    }
    // The genuine one, from the other instance: the signing key is the deployment's, not a process's.
    expect((await login(input.username, input.password, '10.64.99.1', device, b)).statusCode).toBe(200);
  });

  it("a deleted account's cookie does not pass to a new account given the same name", async () => {
    const { input, user, device } = await owner();
    // Deleted as the account feature does it: renamed, marked deleted (ADR 022).
    await handle.db
      .update(users)
      .set({ username: `deleted-${user.id}`, deletedAt: new Date() })
      .where(eq(users.id, user.id));
    const heir = await registerUser(a, { username: input.username });
    for (let i = 0; i < 10; i++)
      expect((await login(input.username, 'wrong-pass', `10.70.${i}.1`)).statusCode).toBe(401);
    expect((await login(input.username, heir.input.password, '10.70.99.1', device)).statusCode).toBe(429);
  });

  it('a device cookie is itself locked after 10 failures with it, without locking the account', async () => {
    const { input, device } = await owner();
    for (let i = 0; i < 10; i++)
      expect((await login(input.username, 'wrong-pass', `10.65.${i}.1`, device)).statusCode).toBe(401);
    const locked = await login(input.username, input.password, '10.65.50.1', device);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual(TOO_MANY);
    // Those failures were the cookie's, not the account's: another browser still gets in.
    expect((await login(input.username, input.password, '10.65.51.1')).statusCode).toBe(200);
  });

  it('the cookie is HttpOnly, SameSite=Lax, long-lived, Secure over HTTPS, and stays after signing out', async () => {
    const { input } = await registerUser(a);
    const http = await login(input.username, input.password, '10.66.0.1');
    const raw = cookiesOf(http).find((c) => c.startsWith('ys_device='))!;
    expect(raw).toMatch(/HttpOnly/);
    expect(raw).toMatch(/SameSite=Lax/);
    expect(raw).toMatch(/Path=\//);
    expect(raw).toMatch(/Max-Age=31536000/);
    expect(raw).not.toMatch(/Secure/);
    const https = await a.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: input.username, password: input.password },
      headers: { 'x-forwarded-for': '10.66.0.2', 'x-forwarded-proto': 'https' },
    });
    expect(cookiesOf(https).find((c) => c.startsWith('ys_device='))).toMatch(/;\s*Secure/i);
    const out = await a.inject({
      method: 'POST',
      url: '/api/logout',
      headers: {
        cookie: cookiesOf(http)
          .map((c) => c.split(';')[0])
          .join('; '),
      },
    });
    expect(out.statusCode).toBe(200);
    expect(cookiesOf(out).some((c) => c.startsWith('ys_device='))).toBe(false);
  });
});

describe('the limits hold under parallel attempts, across instances', () => {
  it('20 parallel wrong passwords from one address: exactly 5 are checked', async () => {
    const { input } = await owner();
    const all = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        login(input.username, `wrong-${i}`, '10.67.0.1', undefined, i % 2 ? b : a),
      ),
    );
    const codes = all.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(5);
    expect(codes.filter((c) => c === 429)).toHaveLength(15);
  });

  it('20 parallel wrong passwords with the device cookie, from 20 addresses: exactly 10 are checked', async () => {
    const { input, device } = await owner();
    const all = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        login(input.username, `wrong-${i}`, `10.68.${i}.1`, device, i % 2 ? b : a),
      ),
    );
    const codes = all.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(10);
    expect(codes.filter((c) => c === 429)).toHaveLength(10);
  });
});

describe('the plain form at POST /auth follows the same rule', () => {
  const form = (username: string, password: string, ip: string, device?: string) =>
    a.inject({
      method: 'POST',
      url: '/auth',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'text/html',
        'x-forwarded-for': ip,
        ...(device ? { cookie: device } : {}),
      },
      payload: new URLSearchParams({ form: 'login', username, password }).toString(),
    });

  it("lets the owner's browser in while unknown browsers are refused; one address is throttled at 5", async () => {
    const { input } = await registerUser(a);
    const first = await form(input.username, input.password, '10.69.0.1');
    expect(first.statusCode).toBe(303);
    const device = deviceOf(first);
    for (let i = 0; i < 5; i++)
      expect((await form(input.username, 'wrong-pass', '10.69.1.1')).statusCode).toBe(401);
    const sixth = await form(input.username, input.password, '10.69.1.1');
    expect(sixth.statusCode).toBe(429);
    expect(sixth.body).toContain('>Too many failed login attempts. Please try again later.</p>');
    for (let i = 0; i < 5; i++)
      expect((await form(input.username, 'wrong-pass', '10.69.2.1')).statusCode).toBe(401);
    expect((await form(input.username, input.password, '10.69.3.1')).statusCode).toBe(429);
    const mine = await form(input.username, input.password, '10.69.3.1', device);
    expect(mine.statusCode).toBe(303);
    expect(deviceOf(mine)).not.toBe(device);
  });
});
