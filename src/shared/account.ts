import { z } from 'zod';
import { passwordSchema, registerSchema } from './auth.ts';
import { text } from './fields.ts';

// The account lifecycle contract (ADR 022): verification, password reset and change, e-mail
// change, avatar, deletion, export, and the contact form.

const emailField = registerSchema.shape.email;
const tokenField = text('Token').trim().min(1, 'The link is incomplete').max(200, 'The link is not valid');

// Links sent by e-mail are valid this long.
export const VERIFY_TOKEN_HOURS = 24;
export const RESET_TOKEN_HOURS = 1;

// POST /api/email/verify (from the link in the e-mail; the page posts the token)
export const verifyEmailSchema = z.object({ token: tokenField });

// POST /api/password/forgot: one answer whatever the address.
export const forgotPasswordSchema = z.object({ email: emailField });
export const FORGOT_PASSWORD_ANSWER =
  'If an account uses that address, we have sent it a link to choose a new password. The link is valid for 1 hour.';

// POST /api/password/reset
export const resetPasswordSchema = z.object({ token: tokenField, password: passwordSchema });

// POST /api/user/password: needs the current password; ends every other session.
export const changePasswordSchema = z.object({
  currentPassword: text('Current password').min(1, 'Current password is required').max(200),
  newPassword: passwordSchema,
});

// POST /api/user/email: the new address takes effect once confirmed from the link sent to it.
export const changeEmailSchema = z.object({
  email: emailField,
  password: text('Password').min(1, 'Password is required').max(200),
});

// PUT /api/user/avatar: an image uploaded through POST /api/upload, cropped square by the server.
export const avatarSchema = z.object({ path: text('Image path').trim().min(1).max(300) });

// DELETE /api/user
export const deleteAccountSchema = z.object({
  password: text('Password').min(1, 'Password is required').max(200),
});

export const messageResultSchema = z.object({ message: z.string() });

// POST /api/contact. The four messages are the spec's, word for word.
export const contactSchema = z.object({
  name: text('Name').trim().min(2, 'Name must be at least 2 characters.').max(100),
  email: text('Email').trim().max(254).pipe(z.email('Please enter a valid email address.')),
  subject: text('Subject').trim().min(5, 'Subject must be at least 5 characters.').max(200),
  message: text('Message').trim().min(10, 'Message must be at least 10 characters.').max(5000),
});
export type ContactInput = z.infer<typeof contactSchema>;
