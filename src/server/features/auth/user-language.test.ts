import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { REQUEST_TTL_HOURS } from '#shared/bookings.ts';
import { NOTIFICATION_KIND_INFO, type Notification } from '#shared/notifications.ts';
import { en } from '#shared/texts/en/mail.ts';
import { mailOutbox } from '../../db/schema.ts';
import { mailLang } from '../../mail/lang.ts';
import { inDays } from '../../testing/bookings.ts';
import { insertListing, registerUser, sessionCookie, userInput } from '../../testing/factories.ts';
import { buildTestApp } from '../../testing/test-app.ts';

// Languages on the server (ADR 031): a user's language on their profile, their e-mails and
// notifications written in it with links under its prefix, and 4xx messages in the language the
// request's Accept-Language picks.
const { app, db } = await buildTestApp({ PUBLIC_URL: 'http://yardshare.test' });

type Who = { cookie: string; user: { id: number } };
const call = (
  who: Who | null,
  method: 'GET' | 'POST' | 'PATCH' | 'PUT',
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) =>
  app.inject({
    method,
    url,
    headers: { ...(who ? { cookie: who.cookie } : {}), ...headers },
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
  });

async function registerIn(language: string | undefined, name = 'Kenji Sato') {
  const input = { ...userInput({ name }), ...(language ? { language } : {}) };
  const res = await app.inject({
    method: 'POST',
    url: '/api/register',
    payload: input,
    remoteAddress: '10.8.0.1',
  });
  expect(res.statusCode, res.body).toBe(201);
  return { user: res.json(), cookie: sessionCookie(res.headers['set-cookie']), input };
}

const mailsOf = (userId: number, kind: string) =>
  db.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.userId, userId), eq(mailOutbox.kind, kind)));

const bell = async (who: Who): Promise<Notification[]> => {
  const res = await call(who, 'GET', '/api/notifications');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().items;
};

describe("a user's language", () => {
  it('is English unless the registration sends the page language, and the user API says it', async () => {
    const plain = await registerIn(undefined);
    expect(plain.user.language).toBe('en');
    const ja = await registerIn('ja');
    expect(ja.user.language).toBe('ja');
    const me = await call(ja, 'GET', '/api/user');
    expect(me.json()).toMatchObject({ id: ja.user.id, language: 'ja' });
  });

  it('refuses a registration in a language the site does not have', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { ...userInput(), language: 'it' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('Language must be en, es, fr, de or ja');
  });

  it('is saved on the profile (PATCH /api/user, PUT /api/users/me/language) and refused when unknown', async () => {
    const u = await registerUser(app);
    const patched = await call(u, 'PATCH', '/api/user', { language: 'fr' });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().language).toBe('fr');
    expect((await call(u, 'GET', '/api/user')).json().language).toBe('fr');

    const bad = await call(u, 'PATCH', '/api/user', { language: 'xx' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      message: 'language: Language must be en, es, fr, de or ja',
      code: 'VALIDATION',
    });
    // Refused in the page's language too, with the same code.
    const badDe = await call(u, 'PATCH', '/api/user', { language: 'xx' }, { 'accept-language': 'de' });
    expect(badDe.json()).toEqual({
      message: 'language: Die Sprache muss en, es, fr, de oder ja sein',
      code: 'VALIDATION',
    });

    const put = await call(u, 'PUT', '/api/users/me/language', { language: 'de' });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().language).toBe('de');
    expect((await call(null, 'PUT', '/api/users/me/language', { language: 'de' })).statusCode).toBe(401);
    expect((await call(u, 'PUT', '/api/users/me/language', { language: 'pt' })).statusCode).toBe(400);
  });
});

describe('e-mails and notifications in the recipient’s language', () => {
  it('writes the verification e-mail of a Japanese registration in Japanese, with /ja links', async () => {
    const ja = await registerIn('ja', 'Kenji Sato');
    const [mail] = await mailsOf(ja.user.id, 'verify_email');
    expect(mail.subject).toBe('メールアドレスを確認してください');
    expect(mail.html).toContain('<html lang="ja">');
    expect(mail.text).toContain('Kenji Sato さん');
    expect(mail.text).toContain('このリンクは1回だけ使え、24時間有効です。');
    expect(mail.text).toMatch(
      /アドレスを確認する: http:\/\/yardshare\.test\/ja\/verify-email\?token=[\w-]{43}/,
    );
    expect(mail.text).toMatch(/配信停止: http:\/\/yardshare\.test\/ja\/unsubscribe\?token=/);
    // The one-click header is the API's, the same in every language.
    expect(mail.headers['List-Unsubscribe']).toMatch(/^<http:\/\/yardshare\.test\/api\/unsubscribe\?token=/);
  });

  it('keeps an English user’s e-mail English, with unprefixed links', async () => {
    const en = await registerIn(undefined, 'Ann Alder');
    const [mail] = await mailsOf(en.user.id, 'verify_email');
    expect(mail.subject).toBe('Confirm your e-mail address');
    expect(mail.html).toContain('<html lang="en">');
    expect(mail.html).toContain('Or open this link: http://yardshare.test/verify-email?token=');
    expect(mail.text).toMatch(/Unsubscribe: http:\/\/yardshare\.test\/unsubscribe\?token=/);
  });

  it('notifies a Japanese host of a request in Japanese, by e-mail too, linking to /ja', async () => {
    const host = await registerUser(app, { name: 'Yuki Tanaka' });
    await call(host, 'PUT', '/api/users/me/language', { language: 'ja' });
    const grower = await registerUser(app, { name: 'Maria Lopez' });
    const listing = await insertListing(db, host.user.id, {
      images: [],
      price: 120,
      bookingMode: 'request',
      title: 'Sunny beds',
    });
    const start = inDays(10);
    const booked = await call(grower, 'POST', '/api/bookings', { listingId: listing.id, start, months: 2 });
    expect(booked.statusCode, booked.body).toBe(201);
    const id = booked.json().id;
    const day = new Date(`${start}T00:00:00Z`).toLocaleDateString('ja-JP', {
      month: 'short',
      day: 'numeric',
      timeZone: 'UTC',
    });
    const [n] = await bell(host);
    expect(n).toMatchObject({
      kind: 'booking_requested',
      title: `Maria さんが ${day} からの「Sunny beds」をリクエストしました`,
      body: `${REQUEST_TTL_HOURS / 24}日以内に承認するか、お断りしてください。期限を過ぎるとリクエストは期限切れになります。`,
      // Stored without a prefix: the client's router adds the page's own.
      link: `/bookings/${id}`,
    });
    const [mail] = await mailsOf(host.user.id, 'booking_requested');
    expect(mail.subject).toBe(n.title);
    expect(mail.html).toContain('<html lang="ja">');
    expect(mail.text).toContain(`予約を見る: http://yardshare.test/ja/bookings/${id}`);
    expect(mail.text).toContain('受け取るメールはアカウント設定で選べます。');
    // The grower, in English, reads nothing Japanese.
    expect(await bell(grower)).toEqual([]);
  });

  it('writes a message notification for a French user in French', async () => {
    const fr = await registerUser(app, { name: 'Claire Martin' });
    await call(fr, 'PATCH', '/api/user', { language: 'fr' });
    const sender = await registerUser(app, { name: 'Tom Baker' });
    for (const content of ['Bonjour !', 'Encore moi']) {
      const res = await call(sender, 'POST', '/api/messages', { toUserId: fr.user.id, content });
      expect(res.statusCode, res.body).toBe(201);
    }
    const [n] = await bell(fr);
    expect(n).toMatchObject({ kind: 'message', title: 'Tom vous a envoyé 2 messages', count: 2 });
    // The sender's own bell stays English.
    await call(fr, 'POST', '/api/messages', { toUserId: sender.user.id, content: 'Salut' });
    expect((await bell(sender))[0].title).toBe('Claire sent you a message');
  });
});

describe('the mail dictionaries', () => {
  it('name the kinds as Account Settings does in English, and format per language', () => {
    expect(en.kinds).toEqual(
      Object.fromEntries(Object.entries(NOTIFICATION_KIND_INFO).map(([k, v]) => [k, v.label])),
    );
    expect(mailLang('en').day('2026-03-01')).toBe('Mar 1');
    expect(mailLang('de').day('2026-03-01')).toBe('1. März');
    expect(mailLang('en').usd(12050)).toBe('$120.50');
    expect(mailLang('de').usd(12050)).toBe('120,50\u00a0$');
    expect(mailLang('fr').t.hours(1.5)).toBe('1,5 heure');
    expect(mailLang('de').t.hours(2.5)).toBe('2,5 Stunden');
    expect(mailLang('es').t.earlierMessages(1)).toBe('…y 1 mensaje anterior.');
    expect(mailLang('ja').url('http://x', '/bookings/3')).toBe('http://x/ja/bookings/3');
    expect(mailLang('xx').locale).toBe('en');
  });
});

describe('4xx messages in the language of the request', () => {
  it('answers in German for Accept-Language: de, in English without it, with the same code', async () => {
    const en = await call(null, 'GET', '/api/listings/999999');
    expect(en.statusCode).toBe(404);
    expect(en.json()).toEqual({ message: 'Listing not found', code: 'LISTING_NOT_FOUND' });
    const de = await call(null, 'GET', '/api/listings/999999', undefined, { 'accept-language': 'de' });
    expect(de.statusCode).toBe(404);
    expect(de.json()).toEqual({ message: 'Inserat nicht gefunden', code: 'LISTING_NOT_FOUND' });
    // A browser's list, best first; a language we do not have falls through to the next.
    const list = await call(null, 'GET', '/api/listings/999999', undefined, {
      'accept-language': 'it-IT,it;q=0.9,fr;q=0.8',
    });
    expect(list.json().message).toBe('Annonce introuvable');
    const english = await call(null, 'GET', '/api/listings/999999', undefined, { 'accept-language': 'en' });
    expect(english.json().message).toBe('Listing not found');
  });

  it('translates answers routes send themselves, messages with values, and shared zod messages', async () => {
    const user = await call(null, 'GET', '/api/user', undefined, { 'accept-language': 'ja' });
    expect(user.json()).toEqual({ message: 'ログインしていません', code: 'UNAUTHENTICATED' });
    const u = await registerUser(app);
    const long = await call(u, 'PATCH', '/api/user', { name: 'x'.repeat(101) }, { 'accept-language': 'es' });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('name: El nombre completo puede tener como máximo 100 caracteres');
    const json = await app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json', 'accept-language': 'fr' },
      payload: '{nope',
    });
    expect(json.json()).toMatchObject({ message: 'JSON mal formé dans le corps de la requête' });
  });

  it('leaves 2xx answers and unknown messages alone', async () => {
    const res = await call(null, 'POST', '/api/logout', undefined, { 'accept-language': 'de' });
    expect(res.json()).toEqual({ message: 'Logged out' });
  });
});
