// The auth feature's public face (ADR 035): who a member is and how they prove it. Registration,
// sign-in, passwords, the one-time links (e-mail verification, password reset), the names nobody
// may register, and the rate counter the password checks share.

export { authRoutes } from './auth.routes.ts';
export { AuthService, toPublicUser, type UserRow } from './auth.service.ts';
export { hashPassword, verifyPassword } from './password.ts';
export { checkPasswordAgain } from './password-check.ts';
export { passwordProblem } from './password-policy.ts';
export { RateCounter } from './rate-limit.ts';
export {
  DELETED_NAME,
  deletedEmail,
  deletedUsername,
  isReservedEmail,
  isReservedUsername,
} from './reserved.ts';
export {
  consumeToken,
  hashToken,
  sendReset,
  sendVerification,
  TOKEN_EXPIRED,
  TOKEN_INVALID,
  tokenRefusal,
  voidTokens,
} from './tokens.ts';
