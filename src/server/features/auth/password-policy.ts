import { dictionary } from '@zxcvbn-ts/language-common';

// Passwords people guess first: the 10,000 most common of the leaked-password list that
// zxcvbn-ts ranks by frequency. Compared without case.
const COMMON = new Set(
  (dictionary['passwords-common'] as string[]).slice(0, 10_000).map((p) => p.toLowerCase()),
);

// Why a new password is refused, or null when it may be used. The length rule is in the shared
// schema; these need the server's list and the account's names.
export function passwordProblem(
  password: string,
  account: { username: string; email: string },
): string | null {
  const p = password.toLowerCase();
  if (p === account.username.toLowerCase() || p === account.email.toLowerCase())
    return 'Password must not be the same as your username or email';
  if (COMMON.has(p)) return 'This password is one of the most common ones. Please choose another.';
  return null;
}
