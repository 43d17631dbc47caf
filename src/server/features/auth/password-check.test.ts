import { describe, expect, it } from 'vitest';
import { registerUser } from '../../testing/factories.ts';
import { PAYOUT_ADDRESS } from '../../testing/provider-apps.ts';
import { buildTestApp } from '../../testing/test-app.ts';

// The password asked again (payout details, password change) is one check: wrong answers on
// either count toward the same login lockout, and each endpoint keeps its own refusal.
const { app } = await buildTestApp({ LOGIN_MAX_FAILURES: '3' });

describe('the password asked again', () => {
  it('shares the login lockout between payout details (403) and the password change (400)', async () => {
    const u = await registerUser(app);
    const headers = { cookie: u.cookie };
    const payoutMethod = (password: string) =>
      app.inject({
        method: 'PUT',
        url: '/api/users/me/payout-method',
        headers,
        payload: { type: 'bitcoin', destination: PAYOUT_ADDRESS, password },
      });
    const change = (currentPassword: string) =>
      app.inject({
        method: 'POST',
        url: '/api/user/password',
        headers,
        payload: { currentPassword, newPassword: 'a-new-long-password-42' },
      });
    for (let i = 0; i < 2; i++) {
      const res = await payoutMethod('wrong-password');
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ message: 'Your password is not correct', code: 'WRONG_PASSWORD' });
    }
    const wrong = await change('wrong-password');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ message: 'Current password is incorrect', code: 'WRONG_PASSWORD' });
    // Three failures in the window: even the right password waits now, on both endpoints.
    for (const res of [await payoutMethod(u.input.password), await change(u.input.password)]) {
      expect(res.statusCode).toBe(429);
      expect(res.json().message).toBe('Too many failed attempts. Please try again later.');
    }
  });

  it('a right password is not counted as a failure', async () => {
    const u = await registerUser(app);
    for (let i = 0; i < 4; i++) {
      const res = await app.inject({
        method: 'PUT',
        url: '/api/users/me/payout-method',
        headers: { cookie: u.cookie },
        payload: { type: 'bitcoin', destination: PAYOUT_ADDRESS, password: u.input.password },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
  });
});
