import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { User } from '#shared/auth.ts';
import type { DbHandle } from '../db/client.ts';
import { listings, users } from '../db/schema.ts';

let seq = 0;

export function userInput(
  overrides: Partial<{ username: string; email: string; name: string; password: string }> = {},
) {
  seq += 1;
  const tag = `${Date.now().toString(36)}${seq}`;
  return {
    username: `user_${tag}`,
    email: `user_${tag}@example.com`,
    name: `Test User ${seq}`,
    password: 'secret-pass',
    ...overrides,
  };
}

// The cookie header value that carries a session.
export function sessionCookie(setCookie: string | string[] | undefined): string {
  const all = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  const found = all.find((c) => c.startsWith('ys_session='));
  if (!found) throw new Error('no session cookie set');
  return found.split(';')[0];
}

export async function registerUser(
  app: FastifyInstance,
  overrides: Parameters<typeof userInput>[0] = {},
  ip = '10.9.0.1',
) {
  const input = userInput(overrides);
  const res = await app.inject({ method: 'POST', url: '/api/register', payload: input, remoteAddress: ip });
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  // A verified address, as most tests need (publishing a listing requires one); tests of
  // verification register through the API themselves.
  await app.dbHandle.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, res.json().id));
  const user = { ...(res.json() as User), emailVerified: true };
  return { user, cookie: sessionCookie(res.headers['set-cookie']), input };
}

// A rental listing written straight to the database (no API rules), with overrides.
export async function insertListing(
  db: DbHandle,
  userId: number,
  overrides: Partial<typeof listings.$inferInsert> = {},
) {
  const [row] = await db.db
    .insert(listings)
    .values({
      userId,
      title: 'Sunny raised beds behind a bungalow',
      description:
        'Four cedar raised beds with drip irrigation, full sun from 9 to 5, tool shed access and a compost bay shared with the neighbours.',
      type: 'rental',
      price: 45,
      location: '12 Elm Street',
      city: 'Austin',
      state: 'TX',
      images: ['/uploads/beds.webp', '/uploads/second.webp'],
      ...overrides,
    })
    .returning();
  return row;
}
