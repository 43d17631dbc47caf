import type { LoginInput, RegisterInput, UpdateProfileInput, User } from '#shared/auth.ts';
import { DEFAULT_LOCALE } from '#shared/i18n.ts';
import { SUSPENDED_CODE, suspendedMessage } from '#shared/moderation.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { pgError } from '../../db/errors.ts';
import { conflict, HttpError } from '../../errors.ts';
import {
  insertUser,
  liveUserByUsername,
  type UserRow,
  updateUserProfile,
  userById,
  usersNamedOrAddressed,
} from '../users/queries.ts';
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

export class AuthService {
  private db: Db;
  private config: Config;
  private rates: RateCounter;
  private dummyHash: Promise<string>;

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

  // Every attempt is counted before the password is checked, per account and per address, in one
  // atomic step: parallel guesses cannot pass the limit. A success takes its own attempt back and
  // clears the account's count. The per-address limit is much higher than the per-account one,
  // so one address cannot lock a whole shared network out (ADR 012).
  async login(input: LoginInput, ip: string): Promise<UserRow> {
    const { loginMaxFailures, loginMaxFailuresPerIp, loginWindowMs } = this.config.limits;
    const accountKey = `login:user:${input.username.toLowerCase()}`;
    const taken = await this.rates.take([
      { key: accountKey, windowMs: loginWindowMs, max: loginMaxFailures },
      { key: `login:ip:${ip}`, windowMs: loginWindowMs, max: loginMaxFailuresPerIp },
    ]);
    if (!taken.ok)
      throw new HttpError(429, 'Too many failed login attempts. Please try again later.', 'RATE_LIMITED');
    const user = await liveUserByUsername(this.db, input.username);
    const ok = await verifyPassword(input.password, user?.passwordHash ?? (await this.dummyHash));
    if (!user || !ok) throw new HttpError(401, 'Invalid username or password', 'INVALID_CREDENTIALS');
    // Said only to someone who knows the password (ADR 029).
    if (user.suspendedAt)
      throw new HttpError(403, suspendedMessage(this.config.mail.supportEmail), SUSPENDED_CODE);
    await this.rates.clear(accountKey);
    await this.rates.release(taken.ids);
    return user;
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
