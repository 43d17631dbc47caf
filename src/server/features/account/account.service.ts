import type { ContactInput } from '#shared/account.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { contactMessages } from '../../db/schema.ts';
import { badRequest, conflict, HttpError } from '../../errors.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import type { UserRow } from '../auth/index.ts';
import {
  checkPasswordAgain,
  consumeToken,
  hashPassword,
  isReservedEmail,
  passwordProblem,
  RateCounter,
  sendReset,
  sendVerification,
  tokenRefusal,
  voidTokens,
} from '../auth/index.ts';
import { endSessionsOf, pendingEmailChange, userOfUsableToken } from '../auth/queries.ts';
import { changeGrowerFeedAddress } from '../calendars/queries.ts';
import { type UploadStore, type UploadsService, uploadName } from '../uploads/index.ts';
import {
  confirmUserEmail,
  emailInUse,
  liveUserById,
  lockLiveUserByEmail,
  lockUserRow,
  setPasswordFromLink,
  setPasswordHash,
  setUserAvatar,
} from '../users/queries.ts';
import { setAvatar } from './account.avatar.ts';
import { contactMail, emailChangeNoticeMail } from './account.mail.ts';
import { type AccountExport, AccountRepository } from './account.repository.ts';

const HOUR = 3_600_000;
// Verification e-mails (resend, e-mail change) a user may have sent per hour.
export const VERIFY_MAILS_PER_HOUR = 5;
// Password-reset requests per IP address per hour.
export const FORGOT_PER_IP_PER_HOUR = 10;

// The account lifecycle (ADR 022): verification, password reset and change, e-mail change, avatar,
// deletion, export and the contact form.
export class AccountService {
  private db: Db;
  private config: Config;
  private store: UploadStore;
  private rates: RateCounter;
  private repo: AccountRepository;
  private uploads: UploadsService;

  constructor(db: Db, config: Config, store: UploadStore, uploads: UploadsService) {
    this.db = db;
    this.config = config;
    this.store = store;
    this.rates = new RateCounter(db);
    this.repo = new AccountRepository(db);
    this.uploads = uploads;
  }

  // ---- Verification ------------------------------------------------------------------------
  // The link's address becomes the account's, confirmed. When it differs (an e-mail change) it
  // replaces the current one, unless another account took it meanwhile (the unique index decides).
  async verifyEmail(token: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const used = await consumeToken(tx, token, 'verify_email');
      const user = await lockUserRow(tx, used.userId);
      if (!user || user.deletedAt) throw await tokenRefusal(tx, token, 'verify_email');
      try {
        await confirmUserEmail(tx, user.id, used.email ?? user.email);
      } catch (err) {
        if (!isUniqueViolation(err)) throw err;
        throw conflict(
          'Another account started using this e-mail address meanwhile, so it cannot become yours. Choose another address.',
          'EMAIL_TAKEN',
        );
      }
      // One address is confirmed: any other pending link (an older change) stops working.
      await voidTokens(tx, user.id, 'verify_email');
    });
  }

  // A new link to the address waiting for confirmation: the pending new one, else the current one.
  async resendVerification(user: UserRow): Promise<{ email: string }> {
    const pending = await this.pendingEmail(user);
    if (!pending && user.emailVerifiedAt)
      throw conflict('Your e-mail address is already confirmed.', 'ALREADY_VERIFIED');
    await this.takeMailQuota(user.id);
    const email = pending ?? user.email;
    await this.db.transaction(async (tx) => {
      const locked = await lockUserRow(tx, user.id);
      await sendVerification(tx, this.config, locked, email, pending !== null);
    });
    return { email };
  }

  // The address of an unconfirmed e-mail change, if there is one.
  pendingEmail(user: UserRow): Promise<string | null> {
    return pendingEmailChange(this.db, user.id, user.email);
  }

  private async takeMailQuota(userId: number) {
    const taken = await this.rates.take([
      { key: `verify-mail:user:${userId}`, windowMs: HOUR, max: VERIFY_MAILS_PER_HOUR },
    ]);
    if (!taken.ok)
      throw new HttpError(
        429,
        'Too many confirmation e-mails were sent. Please try again later.',
        'RATE_LIMITED',
      );
  }

  // ---- Forgotten password ------------------------------------------------------------------
  // One answer whatever the address. Known or not, the same queries run and the e-mail is rendered;
  // only a known, live account gets the token and the outbox row.
  async forgotPassword(email: string, ip: string): Promise<void> {
    const taken = await this.rates.take([
      { key: `forgot:ip:${ip}`, windowMs: HOUR, max: FORGOT_PER_IP_PER_HOUR },
    ]);
    if (!taken.ok) throw new HttpError(429, 'Too many requests. Please try again later.', 'RATE_LIMITED');
    await this.db.transaction(async (tx) => {
      const found = await lockLiveUserByEmail(tx, email);
      await sendReset(tx, this.config, found ?? null, email);
    });
  }

  // A new password from an e-mailed link: the link is used once, every session of the account ends
  // and the address counts as confirmed (the link proved it is read). Checked and hashed before the
  // transaction; the guarded UPDATE in it decides.
  async resetPassword(token: string, password: string): Promise<UserRow> {
    const target = await liveUserById(this.db, userOfUsableToken(token, 'reset_password'));
    if (!target) throw await tokenRefusal(this.db, token, 'reset_password');
    const problem = passwordProblem(password, target);
    if (problem) throw new HttpError(400, problem, 'WEAK_PASSWORD');
    const passwordHash = await hashPassword(password, this.config.passwordHashLog2N);
    const user = await this.db.transaction(async (tx) => {
      const used = await consumeToken(tx, token, 'reset_password');
      const row = await setPasswordFromLink(tx, used.userId, passwordHash, used.email ?? '');
      if (!row) throw await tokenRefusal(tx, token, 'reset_password');
      await endSessionsOf(tx, row.id);
      // Signed out everywhere: the grower's calendar feed gets a new address too (ADR 048).
      await changeGrowerFeedAddress(tx, row.id);
      // Other reset links of the account stop working too.
      await voidTokens(tx, row.id, 'reset_password');
      return row;
    });
    // The owner is back in: the login lockout of the account starts over.
    await this.rates.clear(`login:user:${user.username.toLowerCase()}`);
    return user;
  }

  // ---- Password checks ---------------------------------------------------------------------
  // Counted like a failed login (auth/password-check.ts); a wrong password here is a 400.
  private checkPassword(user: UserRow, password: string, ip: string, wrong: string) {
    const refusal = badRequest(wrong, 'WRONG_PASSWORD');
    return checkPasswordAgain(this.rates, this.config.limits, user, password, ip, refusal);
  }

  // Needs the current password; ends every other session of the account, keeps this one.
  async changePassword(
    user: UserRow,
    sessionId: string | null,
    input: { currentPassword: string; newPassword: string },
    ip: string,
  ): Promise<void> {
    await this.checkPassword(user, input.currentPassword, ip, 'Current password is incorrect');
    const problem = passwordProblem(input.newPassword, user);
    if (problem) throw new HttpError(400, problem, 'WEAK_PASSWORD');
    const passwordHash = await hashPassword(input.newPassword, this.config.passwordHashLog2N);
    await this.db.transaction(async (tx) => {
      await setPasswordHash(tx, user.id, passwordHash);
      await endSessionsOf(tx, user.id, sessionId);
      // Signed out everywhere else: the grower's calendar feed gets a new address too (ADR 048).
      await changeGrowerFeedAddress(tx, user.id);
      // A reset link sent before no longer works.
      await voidTokens(tx, user.id, 'reset_password');
    });
  }

  // The new address takes effect once confirmed from the link sent to it; the current address is
  // told that a change was asked for.
  async changeEmail(user: UserRow, input: { email: string; password: string }, ip: string) {
    await this.checkPassword(user, input.password, ip, 'Password is incorrect');
    const email = input.email;
    if (email.toLowerCase() === user.email.toLowerCase())
      throw badRequest('This is already the e-mail address of your account.', 'SAME_EMAIL');
    if (isReservedEmail(email)) throw conflict('Email is already registered', 'EMAIL_TAKEN');
    if (await emailInUse(this.db, email)) throw conflict('Email is already registered', 'EMAIL_TAKEN');
    await this.takeMailQuota(user.id);
    await this.db.transaction(async (tx) => {
      const locked = await lockUserRow(tx, user.id);
      await sendVerification(tx, this.config, locked, email, true);
      await enqueueMail(
        tx,
        await emailChangeNoticeMail(
          tx,
          this.config,
          { userId: locked.id, to: locked.email, name: locked.name, language: locked.language },
          email,
        ),
      );
    });
    return { email };
  }

  // ---- Avatar ------------------------------------------------------------------------------
  // One of the user's own uploads as their picture (account.avatar.ts).
  setAvatar(user: UserRow, imagePath: string): Promise<UserRow> {
    return setAvatar({ db: this.db, store: this.store, uploads: this.uploads }, user, imagePath);
  }

  clearAvatar(user: UserRow): Promise<UserRow> {
    return setUserAvatar(this.db, user.id, null);
  }

  // ---- Deletion and export -----------------------------------------------------------------
  // Refused while a booking or held money is in progress; otherwise the account is anonymised and
  // its personal data removed in one transaction (see AccountRepository.deleteAccount), and the
  // files of its uploads removed after the commit.
  async deleteAccount(user: UserRow, password: string, ip: string): Promise<void> {
    await this.checkPassword(user, password, ip, 'Password is incorrect');
    const files = await this.repo.deleteAccount(user.id);
    await this.store.remove(files.map(uploadName).filter((n) => n !== null));
  }

  exportData(user: UserRow): Promise<AccountExport> {
    return this.repo.exportData(user.id);
  }

  // ---- Contact form ------------------------------------------------------------------------
  // Stored and mailed to support in one transaction; limited per IP address.
  async contact(input: ContactInput, userId: number | null, ip: string): Promise<void> {
    const taken = await this.rates.take([
      { key: `contact:ip:${ip}`, windowMs: HOUR, max: this.config.mail.contactMaxPerHour },
    ]);
    if (!taken.ok) throw new HttpError(429, 'Too many messages. Please try again later.', 'RATE_LIMITED');
    await this.db.transaction(async (tx) => {
      await tx.insert(contactMessages).values({ ...input, userId });
      await enqueueMail(tx, contactMail(this.config, input, userId));
    });
  }
}
