import { z } from 'zod';
import {
  BIO_MAX,
  EMAIL_MAX,
  LANGUAGES,
  NAME_MAX,
  PASSWORD_MAX,
  PASSWORD_MIN,
  USERNAME_MAX,
} from './constants.ts';
import { text } from './fields.ts';
import { USER_ROLES } from './moderation.ts';

// The account contract: one schema for the forms and the API.
export const usernameSchema = text('Username')
  .trim()
  .min(1, 'Username is required')
  .max(USERNAME_MAX, `Username must be at most ${USERNAME_MAX} characters`)
  .regex(/^[A-Za-z0-9_.-]+$/, 'Username may contain only letters, numbers, dots, dashes and underscores');

export const passwordSchema = text('Password')
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

// A user's language (ADR 031): their e-mails and notifications are written in it.
export const languageSchema = z.enum(LANGUAGES, { error: 'Language must be en, es, fr, de or ja' });

export const registerSchema = z.object({
  username: usernameSchema,
  email: text('Email')
    .trim()
    .max(EMAIL_MAX, 'Email is too long')
    .pipe(z.email('Please enter a valid email address')),
  name: text('Full name')
    .trim()
    .min(1, 'Full name is required')
    .max(NAME_MAX, `Full name must be at most ${NAME_MAX} characters`),
  password: passwordSchema,
  // The language of the page the account was registered from; English when not sent.
  language: languageSchema.optional(),
  // The page the visitor registered from: the confirmation e-mail's link returns there (the server
  // keeps it only if safeNextPath accepts it).
  next: z.string().max(2000).optional(),
});
export type RegisterInput = z.infer<typeof registerSchema>;

// The register form adds a confirmation that never leaves the browser.
export const registerFormSchema = registerSchema
  .extend({
    confirmPassword: z.string().min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
  });
export type RegisterFormInput = z.infer<typeof registerFormSchema>;

export const loginSchema = z.object({
  username: text('Username').trim().min(1, 'Username is required').max(EMAIL_MAX),
  password: passwordSchema,
});
export type LoginInput = z.infer<typeof loginSchema>;

export const updateProfileSchema = z
  .object({
    name: text('Full name')
      .trim()
      .min(1, 'Full name is required')
      .max(NAME_MAX, `Full name must be at most ${NAME_MAX} characters`),
    bio: text('Bio').trim().max(BIO_MAX, `Bio must be at most ${BIO_MAX} characters`),
    language: languageSchema,
  })
  .partial();
export type UpdateProfileInput = z.infer<typeof updateProfileSchema>;

// PUT /api/users/me/language: the language switcher's choice, for a signed-in user (ADR 031).
export const updateLanguageSchema = z.object({ language: languageSchema });
export type UpdateLanguageInput = z.infer<typeof updateLanguageSchema>;

// What the API ever says about the signed-in user: no password hash can pass this schema.
export const userSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  name: z.string(),
  bio: z.string().nullable(),
  avatar: z.string().nullable(),
  createdAt: z.string(),
  // False until the address is confirmed from the e-mailed link (ADR 022).
  emailVerified: z.boolean(),
  // 'admin' may open the operator console (ADR 029); always sent by the server.
  role: z.enum(USER_ROLES).optional(),
  // The language of their e-mails and notifications (ADR 031); always sent by the server.
  language: languageSchema.optional(),
});
export type User = z.infer<typeof userSchema>;
