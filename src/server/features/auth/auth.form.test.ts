import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema.ts';
import { userInput } from '../../testing/factories.ts';
import { buildTestApp, indexHtmlFixture } from '../../testing/test-app.ts';

// /auth's forms before the page's script (ADR 052): plain form posts, the same rules as the JSON API.
const { indexHtml } = indexHtmlFixture();
const { app, db } = await buildTestApp({}, { indexHtml });

let ip = 40;
const post = (url: string, fields: Record<string, string>) => {
  ip += 1;
  return app.inject({
    method: 'POST',
    url,
    remoteAddress: `10.52.0.${ip}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
    payload: new URLSearchParams(fields).toString(),
  });
};
const cookieOf = (res: { headers: Record<string, unknown> }) =>
  String([res.headers['set-cookie']].flat().find((c) => String(c).startsWith('ys_session=')) ?? '');

describe('POST /auth as a plain form', () => {
  it('registers, sets the session and returns to the page asked for, in the page language', async () => {
    const u = userInput();
    const res = await post('/fr/auth?next=/listings/7', {
      form: 'register',
      ...u,
      confirmPassword: u.password,
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/fr/listings/7');
    const cookie = cookieOf(res).split(';')[0];
    expect(cookie).toMatch(/^ys_session=/);
    const me = await app.inject({ method: 'GET', url: '/api/user', headers: { cookie } });
    expect(me.json()).toMatchObject({ username: u.username, name: u.name });
    const [row] = await db.db.select().from(users).where(eq(users.username, u.username));
    expect(row.language).toBe('fr');
  });

  it('signs in and goes home when no return path (or an unsafe one) is given', async () => {
    const u = userInput();
    expect((await app.inject({ method: 'POST', url: '/api/register', payload: u })).statusCode).toBe(201);
    for (const next of ['', '?next=//evil.example', '?next=https://evil.example']) {
      const res = await post(`/auth${next}`, { form: 'login', username: u.username, password: u.password });
      expect(res.statusCode, next).toBe(303);
      expect(res.headers.location, next).toBe('/');
      expect(cookieOf(res), next).toMatch(/^ys_session=.+HttpOnly/i);
    }
  });

  it('a refusal renders the page again with the reason, in its language, and no session', async () => {
    const u = userInput();
    await app.inject({ method: 'POST', url: '/api/register', payload: u });
    const wrong = await post('/de/auth', {
      form: 'login',
      username: u.username,
      password: 'not-the-password',
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.headers['content-type']).toMatch(/text\/html/);
    expect(cookieOf(wrong)).toBe('');
    expect(wrong.body).toMatch(/<p role="alert" data-form-error[^>]*>[^<]+<\/p><div id="root">/);
    expect(wrong.body).toContain('<html lang="de"');
    const mismatch = await post('/auth', { form: 'register', ...userInput(), confirmPassword: 'other-pass' });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.body).toContain('>Passwords do not match</p>');
    const taken = await post('/auth', { form: 'register', ...u, confirmPassword: u.password });
    expect(taken.statusCode).toBe(409);
  });

  it('hostile or malformed posts are a 4xx, never a 5xx, and no markup gets through', async () => {
    const res = await post('/auth', { form: 'login', username: '<script>alert(1)</script>', password: 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.body).not.toContain('<script>alert(1)</script>');
    const big = await post('/auth', { form: 'login', username: 'a'.repeat(10_000), password: 'secret-pass' });
    expect(big.statusCode).toBe(413);
    expect((await post('/xx/auth', { form: 'login' })).statusCode).toBe(404);
    expect((await post('/auth', {})).statusCode).toBe(400);
    const json = await app.inject({ method: 'POST', url: '/auth', payload: { username: 'a' } });
    expect(json.statusCode).toBeGreaterThanOrEqual(400);
    expect(json.statusCode).toBeLessThan(500);
  });

  it('leaves the JSON API as it was', async () => {
    const u = userInput();
    const res = await app.inject({ method: 'POST', url: '/api/register', payload: u });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ username: u.username });
    const form = await app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ username: u.username, password: u.password }).toString(),
    });
    expect(form.statusCode).toBe(415);
  });
});
