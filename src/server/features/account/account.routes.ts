import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  avatarSchema,
  changeEmailSchema,
  changePasswordSchema,
  contactSchema,
  deleteAccountSchema,
  FORGOT_PASSWORD_ANSWER,
  forgotPasswordSchema,
  messageResultSchema,
  resetPasswordSchema,
  verifyEmailSchema,
} from '#shared/account.ts';
import { userSchema } from '#shared/auth.ts';
import { errorResponses, errorSchema } from '#shared/errors.ts';
import { SUSPENDED_CODE, suspendedMessage } from '#shared/moderation.ts';
import type { Config } from '../../config.ts';
import { forbidden } from '../../errors.ts';
import { clearSessionCookie, setSessionCookie } from '../../plugins/auth.ts';
import { signedIn } from '../../plugins/guards.ts';
import { toPublicUser } from '../auth/index.ts';
import type { AccountService } from './account.service.ts';

const errors = { ...errorResponses, 409: errorSchema, 429: errorSchema };
const rows = z.array(z.record(z.string(), z.unknown()));

// GET /api/user/export: the keys are fixed; the records are the stored rows (no password hash, no
// other person's e-mail address).
export const accountExportSchema = z.object({
  exportedAt: z.string(),
  profile: userSchema,
  listings: rows,
  messages: z.object({ sent: rows, received: rows }),
  reviews: z.object({ written: rows, received: rows }),
  bookings: z.object({ asGrower: rows, asHost: rows }),
  payments: z.object({ asRenter: rows, asHost: rows }),
  notifications: rows,
  notificationPreferences: rows,
  contactMessages: rows,
  blocks: rows,
  reports: rows,
});

export const accountRoutes: FastifyPluginAsyncZod<{ config: Config; account: AccountService }> = async (
  app,
  { config, account: service },
) => {
  // ---- Verification (the page of the e-mailed link posts its token; no sign-in needed) ----
  app.post(
    '/api/email/verify',
    { schema: { body: verifyEmailSchema, response: { 200: messageResultSchema, ...errors } } },
    async (request) => {
      await service.verifyEmail(request.body.token);
      return { message: 'Your e-mail address is confirmed.' };
    },
  );

  app.post(
    '/api/email/verify/resend',
    { config: signedIn, schema: { response: { 200: messageResultSchema, ...errors } } },
    async (request) => {
      const { email } = await service.resendVerification(request.user);
      return { message: `We have sent a new confirmation link to ${email}.` };
    },
  );

  // ---- Forgotten password -------------------------------------------------------------------
  app.post(
    '/api/password/forgot',
    { schema: { body: forgotPasswordSchema, response: { 200: messageResultSchema, ...errors } } },
    async (request) => {
      await service.forgotPassword(request.body.email, request.ip);
      return { message: FORGOT_PASSWORD_ANSWER };
    },
  );

  // Sets the new password, ends every session of the account and signs this browser in afresh.
  app.post(
    '/api/password/reset',
    { schema: { body: resetPasswordSchema, response: { 200: userSchema, ...errors } } },
    async (request, reply) => {
      const user = await service.resetPassword(request.body.token, request.body.password);
      if (request.sessionId) await app.sessions.destroy(request.sessionId);
      // A suspended account keeps its new password but is not signed in (ADR 029).
      if (user.suspendedAt) throw forbidden(suspendedMessage(config.mail.supportEmail), SUSPENDED_CODE);
      const { token, expiresAt } = await app.sessions.create(user.id);
      setSessionCookie(request, reply, token, expiresAt);
      return toPublicUser(user);
    },
  );

  // ---- Signed-in account settings -----------------------------------------------------------
  app.post(
    '/api/user/password',
    {
      config: signedIn,
      schema: { body: changePasswordSchema, response: { 200: messageResultSchema, ...errors } },
    },
    async (request) => {
      await service.changePassword(request.user, request.sessionId, request.body, request.ip);
      return { message: 'Password changed. You have been signed out everywhere else.' };
    },
  );

  app.post(
    '/api/user/email',
    {
      config: signedIn,
      schema: { body: changeEmailSchema, response: { 200: messageResultSchema, ...errors } },
    },
    async (request) => {
      const { email } = await service.changeEmail(request.user, request.body, request.ip);
      return {
        message: `We have sent a confirmation link to ${email}. Your address changes once you open it.`,
      };
    },
  );

  app.put(
    '/api/user/avatar',
    {
      config: signedIn,
      schema: {
        body: avatarSchema,
        response: { 200: userSchema, ...errors, 413: errorSchema, 415: errorSchema },
      },
    },
    async (request) => toPublicUser(await service.setAvatar(request.user, request.body.path)),
  );

  app.delete(
    '/api/user/avatar',
    { config: signedIn, schema: { response: { 200: userSchema, ...errors } } },
    async (request) => toPublicUser(await service.clearAvatar(request.user)),
  );

  app.delete(
    '/api/user',
    {
      config: signedIn,
      schema: { body: deleteAccountSchema, response: { 200: messageResultSchema, ...errors } },
    },
    async (request, reply) => {
      await service.deleteAccount(request.user, request.body.password, request.ip);
      clearSessionCookie(request, reply);
      return { message: 'Your account has been deleted.' };
    },
  );

  app.get(
    '/api/user/export',
    { config: signedIn, schema: { response: { 200: accountExportSchema, ...errors } } },
    async (request, reply) => {
      const data = await service.exportData(request.user);
      reply.header(
        'content-disposition',
        `attachment; filename="yardshare-export-${request.user.username.replace(/[^\w.-]/g, '_')}.json"`,
      );
      reply.header('cache-control', 'no-store');
      return data;
    },
  );

  // ---- Contact form (no sign-in needed) -------------------------------------------------------
  app.post(
    '/api/contact',
    { schema: { body: contactSchema, response: { 201: messageResultSchema, ...errors } } },
    async (request, reply) => {
      await service.contact(request.body, request.user?.id ?? null, request.ip);
      return reply.status(201).send({ message: 'Message sent' });
    },
  );
};
