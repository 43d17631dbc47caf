import type { LoginInput, RegisterInput, UpdateProfileInput, User } from '#shared/auth.ts';
import { DEFAULT_LOCALE } from '#shared/i18n.ts';
import { SUSPENDED_CODE, suspendedMessage } from '#shared/moderation.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { pgError } from '../../db/errors.ts';
import { conflict, HttpError } from '../../errors.ts';
import { appSecret } from '../../mail/secrets.ts';
import {
  insertUser,
  liveUserByUsername,
  type UserRow,
  updateUserProfile,
  userById,
  usersNamedOrAddressed,
} from '../users/queries.ts';
import { readDevice, signDevice } from './device-cookie.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { passwordProblem } from './password-policy.ts';
import { RateCounter } from './rate-limit.ts';
import { isReservedEmail, isReservedUsername } from './reserved.ts';
import { sendVerification } from './tokens.ts';

export type { UserRow };

export function toPublicUser(u: UserRow): User {
  return {
    id: u.id,
    username: u.username,
    email: u.email,
    name: u.name,
    bio: u.bio,
    avatar: u.avatar,
    createdAt: u.createdAt.toISOString(),
    emailVerified: u.emailVerifiedAt !== null,
    role: u.role,
    language: u.language,
  };
}

const HOUR = 3_600_000;
// The name of the device cookies' signing key among the app's secrets (one per deployment, shared
// by every instance through the database).
const DEVICE_SECRET = 'device-cookie';

export class AuthService {
  private db: Db;
  private config: Config;
  private rates: RateCounter;
  private dummyHash: Promise<string>;
  private deviceKey: Promise<Buffer> | null = null;

  constructor(db: Db, config: Config) {
    this.db = db;
    this.config = config;
    this.rates = new RateCounter(db);
    // Verified against when the username is unknown, so both failures take the same time.
    this.dummyHash = hashPassword('not-a-real-password', config.passwordHashLog2N);
  }

  async register(input: RegisterInput, ip: string): Promise<UserRow> {
    const problem = passwordProblem(input.password, input);
    if (problem) throw new HttpError(400, problem, 'WEAK_PASSWORD');
    // Counted before the work, atomically, so parallel requests cannot pass the limit.
    const taken = await this.rates.take([
      { key: `register:ip:${ip}`, windowMs: HOUR, max: this.config.limits.registerMaxPerHour },
    ]);
    if (!taken.ok)
      throw new HttpError(
        429,
        'Too many accounts created from this address. Please try again later.',
        'RATE_LIMITED',
      );
    const existing = await usersNamedOrAddressed(this.db, input.username, input.email);
    if (existing.some((u) => u.username.toLowerCase() === input.username.toLowerCase()))
      throw conflict('Username already exists', 'USERNAME_TAKEN');
    if (existing.length) throw conflict('Email is already registered', 'EMAIL_TAKEN');
    // The names deleted accounts are given stay theirs.
    if (isReservedUsername(input.username)) throw conflict('Username already exists', 'USERNAME_TAKEN');
    if (isReservedEmail(input.email)) throw conflict('Email is already registered', 'EMAIL_TAKEN');
    const passwordHash = await hashPassword(input.password, this.config.passwordHashLog2N);
    try {
      // The account and its verification e-mail exist together or not at all.
      return await this.db.transaction(async (tx) => {
        const row = await insertUser(tx, {
          username: input.username,
          email: input.email,
          name: input.name,
          passwordHash,
          language: input.language ?? DEFAULT_LOCALE,
        });
        await sendVerification(tx, this.config, row, row.email, false, input.next);
        return row;
      });
    } catch (err) {
      // Two registrations racing for the same name: the unique index decides.
      const { code, constraint } = pgError(err);
      if (code === '23505') {
        throw constraint?.includes('email')
          ? conflict('Email is already registered', 'EMAIL_TAKEN')
          : conflict('Username already exists', 'USERNAME_TAKEN');
      }
      throw err;
    }
  }

  // Sign-in that cannot be used against the owner (ADR 056). Every attempt is counted before the
  // password is checked, in one atomic step, so parallel guesses cannot pass a limit:
  // - from a browser the account does not know: per address (LOGIN_MAX_FAILURES_PER_IP), per account
  //   and address (half of LOGIN_MAX_FAILURES, rounded up) and per account (LOGIN_MAX_FAILURES), so
  //   one address alone can never lock the account for everyone;
  // - from a browser with the account's device cookie: per address and per device cookie
  //   (LOGIN_MAX_FAILURES), never the account's count: failures elsewhere do not lock it out.
  // A success takes its own attempt back and clears the counts it was held to (a known browser's
  // success clears only its own, so the owner signing in does not hand a guesser a fresh count).
  async login(input: LoginInput, ip: string, deviceCookie?: string): Promise<UserRow> {
    const { loginMaxFailures, loginMaxFailuresPerIp, loginWindowMs: windowMs } = this.config.limits;
    const name = input.username.toLowerCase();
    const user = await liveUserByUsername(this.db, input.username);
    const cookie = deviceCookie ? readDevice(await this.deviceSecret(), deviceCookie) : null;
    const device = cookie && user && cookie.userId === user.id ? cookie.nonce : null;
    const address = { key: `login:ip:${ip}`, windowMs, max: loginMaxFailuresPerIp };
    const own = device
      ? [{ key: `login:device:${device}`, windowMs, max: loginMaxFailures }]
      : [
          { key: `login:user-ip:${name}@${ip}`, windowMs, max: Math.ceil(loginMaxFailures / 2) },
          { key: `login:user:${name}`, windowMs, max: loginMaxFailures },
        ];
    const taken = await this.rates.take([address, ...own]);
    if (!taken.ok)
      throw new HttpError(429, 'Too many failed login attempts. Please try again later.', 'RATE_LIMITED');
    const ok = await verifyPassword(input.password, user?.passwordHash ?? (await this.dummyHash));
    if (!user || !ok) throw new HttpError(401, 'Invalid username or password', 'INVALID_CREDENTIALS');
    // Said only to someone who knows the password (ADR 029).
    if (user.suspendedAt)
      throw new HttpError(403, suspendedMessage(this.config.mail.supportEmail), SUSPENDED_CODE);
    for (const { key } of own) await this.rates.clear(key);
    await this.rates.release(taken.ids);
    return user;
  }

  // A new device cookie for a browser that has just signed in to (or registered) this account.
  async deviceCookie(user: UserRow): Promise<string> {
    return signDevice(await this.deviceSecret(), user.id);
  }

  private deviceSecret(): Promise<Buffer> {
    if (!this.deviceKey) {
      this.deviceKey = appSecret(this.db, DEVICE_SECRET);
      // A failed read is tried again by the next sign-in.
      this.deviceKey.catch(() => {
        this.deviceKey = null;
      });
    }
    return this.deviceKey;
  }

  async updateProfile(userId: number, input: UpdateProfileInput): Promise<UserRow> {
    const values: Parameters<typeof updateUserProfile>[2] = {};
    if (input.name !== undefined) values.name = input.name;
    if (input.bio !== undefined) values.bio = input.bio === '' ? null : input.bio;
    if (input.language !== undefined) values.language = input.language;
    if (Object.keys(values).length === 0) return userById(this.db, userId);
    return updateUserProfile(this.db, userId, values);
  }
}
