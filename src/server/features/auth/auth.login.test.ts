import { describe, expect, it } from 'vitest';
import { registerUser, sessionCookie } from '../../testing/factories.ts';
import { buildTestApp } from '../../testing/test-app.ts';

const { app } = await buildTestApp();

const me = (cookie?: string) =>
  app.inject({ method: 'GET', url: '/api/user', headers: cookie ? { cookie } : {} });

describe('POST /api/login', () => {
  it('signs in with the right password (username in any case) and refuses a wrong one', async () => {
    const { input } = await registerUser(app);
    const ok = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: input.username.toUpperCase(), password: input.password },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().username).toBe(input.username);
    const wrong = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: input.username, password: 'wrong-pass' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe('Invalid username or password');
    expect(wrong.headers['set-cookie']).toBeUndefined();
    const unknown = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'nobody_here', password: 'wrong-pass' },
    });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().message).toBe('Invalid username or password');
  });

  it('rotates the session: the token held before login stops working', async () => {
    const { input, cookie: before } = await registerUser(app);
    const res = await app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { cookie: before },
      payload: { username: input.username, password: input.password },
    });
    const after = sessionCookie(res.headers['set-cookie']);
    expect(after).not.toBe(before);
    expect((await me(before)).statusCode).toBe(401);
    expect((await me(after)).statusCode).toBe(200);
  });

  it('answers 429 after 10 failures for one account in 15 minutes, even with the right password', async () => {
    const { input } = await registerUser(app);
    for (let i = 0; i < 10; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: input.username, password: 'wrong-pass' },
        remoteAddress: `10.1.0.${i + 1}`,
      });
      expect(res.statusCode).toBe(401);
    }
    const blocked = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: input.username, password: input.password },
      remoteAddress: '10.1.1.1',
    });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/Too many failed login attempts/);
  });

  it('lets one address fail for many accounts (a shared network) but not past 100 in the window', async () => {
    const ip = '10.2.0.7';
    const { input } = await registerUser(app);
    for (let i = 0; i < 99; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: `ghost_${i}`, password: 'wrong-pass' },
        remoteAddress: ip,
      });
      expect(res.statusCode).toBe(401);
    }
    // A success from the same address is not a failure: it does not use up the address's count.
    const ok = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: input.username, password: input.password },
      remoteAddress: ip,
    });
    expect(ok.statusCode).toBe(200);
    const last = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'ghost_x', password: 'wrong-pass' },
      remoteAddress: ip,
    });
    expect(last.statusCode).toBe(401);
    const blocked = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: input.username, password: input.password },
      remoteAddress: ip,
    });
    expect(blocked.statusCode).toBe(429);
    const elsewhere = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: input.username, password: input.password },
      remoteAddress: '10.2.0.8',
    });
    expect(elsewhere.statusCode).toBe(200);
  });

  it("a successful login clears the account's failures: 9 failures, a success, then a failure is 401", async () => {
    const { input } = await registerUser(app);
    const login = (password: string, i: number) =>
      app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: input.username, password },
        remoteAddress: `10.4.0.${i}`,
      });
    for (let i = 0; i < 9; i++) expect((await login('wrong-pass', i)).statusCode).toBe(401);
    expect((await login(input.password, 20)).statusCode).toBe(200);
    expect((await login('wrong-pass', 21)).statusCode).toBe(401);
    // The count starts again from that failure: nine more fit, the tenth is refused.
    for (let i = 0; i < 9; i++) expect((await login('wrong-pass', 30 + i)).statusCode).toBe(401);
    expect((await login(input.password, 40)).statusCode).toBe(429);
  });

  it('holds the account limit under 40 parallel wrong passwords: exactly 10 are checked', async () => {
    const { input } = await registerUser(app);
    const all = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        app.inject({
          method: 'POST',
          url: '/api/login',
          payload: { username: input.username, password: 'wrong-pass' },
          remoteAddress: `10.5.${i}.1`,
        }),
      ),
    );
    const codes = all.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(10);
    expect(codes.filter((c) => c === 429)).toHaveLength(30);
  });

  it('validates its input', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/login', payload: { username: 'someone' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/Password/);
  });
});
