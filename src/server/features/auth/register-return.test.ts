import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema.ts';
import { userInput } from '../../testing/factories.ts';
import { buildTestApp } from '../../testing/test-app.ts';

// The page a visitor registered from rides in the confirmation e-mail's link, as a same-site path
// only: the server checks it before writing the link.
const { app, db } = await buildTestApp({ PUBLIC_URL: 'http://yardshare.test' });

let ip = 0;
async function verifyLinkFor(extra: Record<string, unknown>): Promise<URL> {
  ip += 1;
  const res = await app.inject({
    method: 'POST',
    url: '/api/register',
    payload: { ...userInput(), ...extra },
    remoteAddress: `10.9.0.${ip}`,
  });
  expect(res.statusCode, res.body).toBe(201);
  const [mail] = await db.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.userId, res.json().id), eq(mailOutbox.kind, 'verify_email')));
  const m = /https?:\/\/\S+\/verify-email\?\S+/.exec(mail.text);
  if (!m) throw new Error(`no link in ${mail.text}`);
  return new URL(m[0]);
}

describe('the confirmation link returns to the page the account was made from', () => {
  it('carries a same-site path', async () => {
    const url = await verifyLinkFor({ next: '/listings/7?from=share' });
    expect(url.pathname).toBe('/verify-email');
    expect(url.searchParams.get('next')).toBe('/listings/7?from=share');
  });

  it('keeps the language prefix on the link, not in the path', async () => {
    const url = await verifyLinkFor({ next: '/de/listings/7', language: 'de' });
    expect(url.pathname).toBe('/de/verify-email');
    expect(url.searchParams.get('next')).toBe('/listings/7');
  });

  it('drops anything off the site', async () => {
    for (const next of ['//evil.com', 'https://evil.com/x', '/\\evil.com', 'javascript:alert(1)']) {
      const url = await verifyLinkFor({ next });
      expect(url.searchParams.has('next'), next).toBe(false);
      expect(url.searchParams.get('token')).toMatch(/^[\w-]{43}$/);
    }
  });
});
