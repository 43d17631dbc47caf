import type { Config } from '../../config.ts';
import { HttpError } from '../../errors.ts';
import { verifyPassword } from './password.ts';
import type { RateCounter } from './rate-limit.ts';

// The current password, asked again before a sensitive change. A wrong one counts as a failed
// login of the account and of the address, so a stolen session cannot guess it faster than the
// login form allows (429 once over the limits); `wrong` is the endpoint's own refusal.
export async function checkPasswordAgain(
  rates: RateCounter,
  limits: Config['limits'],
  user: { username: string; passwordHash: string },
  password: string,
  ip: string,
  wrong: HttpError,
): Promise<void> {
  const { loginMaxFailures, loginMaxFailuresPerIp, loginWindowMs } = limits;
  const taken = await rates.take([
    { key: `login:user:${user.username.toLowerCase()}`, windowMs: loginWindowMs, max: loginMaxFailures },
    { key: `login:ip:${ip}`, windowMs: loginWindowMs, max: loginMaxFailuresPerIp },
  ]);
  if (!taken.ok)
    throw new HttpError(429, 'Too many failed attempts. Please try again later.', 'RATE_LIMITED');
  if (!(await verifyPassword(password, user.passwordHash))) throw wrong;
  await rates.release(taken.ids);
}
