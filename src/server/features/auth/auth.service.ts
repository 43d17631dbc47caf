import { eq, sql } from 'drizzle-orm';
import type { LoginInput, RegisterInput, UpdateProfileInput, User } from '#shared/auth.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { pgError } from '../../db/errors.ts';
import { users } from '../../db/schema.ts';
import { conflict, HttpError } from '../../errors.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { RateCounter } from './rate-limit.ts';

export type UserRow = typeof users.$inferSelect;

export function toPublicUser(u: UserRow): User {
  return {
    id: u.id,
    username: u.username,
    email: u.email,
    name: u.name,
    bio: u.bio,
    avatar: u.avatar,
    createdAt: u.createdAt.toISOString(),
  };
}

const HOUR = 3_600_000;

export class AuthService {
  private rates: RateCounter;
  private dummyHash: Promise<string>;

  constructor(
    private db: Db,
    private config: Config,
  ) {
    this.rates = new RateCounter(db);
    // Verified against when the username is unknown, so both failures take the same time.
    this.dummyHash = hashPassword('not-a-real-password', config.passwordHashLog2N);
  }

  async register(input: RegisterInput, ip: string): Promise<UserRow> {
    const ipKey = `register:ip:${ip}`;
    if ((await this.rates.count(ipKey, HOUR)) >= this.config.limits.registerMaxPerHour) {
      throw new HttpError(
        429,
        'Too many accounts created from this address. Please try again later.',
        'RATE_LIMITED',
      );
    }
    const taken = await this.db
      .select({ username: users.username, email: users.email })
      .from(users)
      .where(
        sql`lower(${users.username}) = lower(${input.username}) or lower(${users.email}) = lower(${input.email})`,
      )
      .limit(2);
    if (taken.some((u) => u.username.toLowerCase() === input.username.toLowerCase()))
      throw conflict('Username already exists', 'USERNAME_TAKEN');
    if (taken.length) throw conflict('Email is already registered', 'EMAIL_TAKEN');
    const passwordHash = await hashPassword(input.password, this.config.passwordHashLog2N);
    await this.rates.add(ipKey);
    try {
      const [row] = await this.db
        .insert(users)
        .values({ username: input.username, email: input.email, name: input.name, passwordHash })
        .returning();
      return row;
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

  async login(input: LoginInput, ip: string): Promise<UserRow> {
    const { loginMaxFailures, loginWindowMs } = this.config.limits;
    const accountKey = `login:user:${input.username.toLowerCase()}`;
    const ipKey = `login:ip:${ip}`;
    const [byAccount, byIp] = await Promise.all([
      this.rates.count(accountKey, loginWindowMs),
      this.rates.count(ipKey, loginWindowMs),
    ]);
    if (byAccount >= loginMaxFailures || byIp >= loginMaxFailures) {
      throw new HttpError(429, 'Too many failed login attempts. Please try again later.', 'RATE_LIMITED');
    }
    const [user] = await this.db
      .select()
      .from(users)
      .where(sql`lower(${users.username}) = lower(${input.username})`)
      .limit(1);
    const ok = await verifyPassword(input.password, user?.passwordHash ?? (await this.dummyHash));
    if (!user || !ok) {
      await this.rates.add(accountKey, ipKey);
      throw new HttpError(401, 'Invalid username or password', 'INVALID_CREDENTIALS');
    }
    await this.rates.clear(accountKey);
    return user;
  }

  async updateProfile(userId: number, input: UpdateProfileInput): Promise<UserRow> {
    const values: Partial<UserRow> = {};
    if (input.name !== undefined) values.name = input.name;
    if (input.bio !== undefined) values.bio = input.bio === '' ? null : input.bio;
    if (Object.keys(values).length === 0) {
      const [row] = await this.db.select().from(users).where(eq(users.id, userId));
      return row;
    }
    const [row] = await this.db.update(users).set(values).where(eq(users.id, userId)).returning();
    return row;
  }
}
