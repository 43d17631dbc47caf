import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

// The device cookie (ADR 056): a browser that signed in to an account before carries a cookie
// naming that account, signed with a secret only the server knows. It lets that browser sign in
// while the account is locked for browsers it does not know, and has its own failure count.

export const DEVICE_COOKIE = 'ys_device';
// Also the server's own limit: an older cookie is read as no cookie.
export const DEVICE_MAX_DAYS = 365;
const DAY_MS = 86_400_000;

// <account id>.<issued at, seconds, base 36>.<nonce, 128 bits>.<HMAC-SHA256 of the three>
const COOKIE_SHAPE = /^(\d{1,10})\.([0-9a-z]{1,10})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;

// The account is named by its id, never by its username: a deleted account's name may be taken by
// a new account, its id never is.
const mac = (secret: Buffer, userId: string, issued: string, nonce: string) =>
  createHmac('sha256', secret).update(`device:${userId}:${issued}:${nonce}`).digest('base64url');

export function signDevice(secret: Buffer, userId: number, now = Date.now()): string {
  const id = String(userId);
  const issued = Math.floor(now / 1000).toString(36);
  const nonce = randomBytes(16).toString('base64url');
  return `${id}.${issued}.${nonce}.${mac(secret, id, issued, nonce)}`;
}

export type Device = { userId: number; nonce: string };

// The account a genuine cookie names and its nonce (its identity for its own failure count); null
// for anything else: a made-up or altered value, or one older than DEVICE_MAX_DAYS.
export function readDevice(secret: Buffer, value: string, now = Date.now()): Device | null {
  const m = COOKIE_SHAPE.exec(value);
  if (!m) return null;
  const [, id, issued, nonce, given] = m;
  const a = Buffer.from(given);
  const b = Buffer.from(mac(secret, id, issued, nonce));
  if (a.length !== b.length || !timingSafeEqual(a, b)) return null;
  const age = now - Number.parseInt(issued, 36) * 1000;
  if (age < -DAY_MS || age > DEVICE_MAX_DAYS * DAY_MS) return null;
  return { userId: Number(id), nonce };
}

// Set after the session cookie, with the same attributes: HttpOnly, SameSite=Lax, Secure over HTTPS.
// Signing out leaves it: it says the browser signed in before, not that it is signed in.
export function setDeviceCookie(request: FastifyRequest, reply: FastifyReply, value: string) {
  reply.setCookie(DEVICE_COOKIE, value, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    maxAge: DEVICE_MAX_DAYS * 86_400,
  });
}

export const deviceCookieOf = (request: FastifyRequest): string | undefined => {
  const value = request.cookies[DEVICE_COOKIE];
  return value && value.length <= 120 ? value : undefined;
};
