import { describe, expect, it } from 'vitest';
import { registerUser } from '../../testing/factories.ts';
import { messagesTestApp } from '../../testing/messages.ts';

const { app, send } = await messagesTestApp();

const ann = await registerUser(app, { name: 'Ann Alder' });
const bob = await registerUser(app, { name: 'Bob Birch' });

describe('POST /api/messages', () => {
  it('needs a session', async () => {
    const res = await send(undefined, { toUserId: bob.user.id, content: 'hi' });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBeTruthy();
  });

  it('stores trimmed content as text and answers the message', async () => {
    const res = await send(ann.cookie, {
      toUserId: bob.user.id,
      content: '  <b>Hello</b> & welcome\nline two  ',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      fromUserId: ann.user.id,
      toUserId: bob.user.id,
      content: '<b>Hello</b> & welcome\nline two',
      read: false,
    });
    expect(typeof res.json().id).toBe('number');
  });

  it('validates input: empty, blank, too long, missing or bad recipient', async () => {
    const cases: [unknown, number, RegExp][] = [
      [{ toUserId: bob.user.id, content: '' }, 400, /empty/],
      [{ toUserId: bob.user.id, content: '   \n\t ' }, 400, /empty/],
      [{ toUserId: bob.user.id, content: 'x'.repeat(4001) }, 400, /at most 4000/],
      [{ toUserId: bob.user.id }, 400, /content is required/i],
      [{ content: 'hi' }, 400, /toUserId/],
      [{ toUserId: 'abc', content: 'hi' }, 400, /toUserId/],
      [{ toUserId: 0, content: 'hi' }, 400, /toUserId/],
      [{ toUserId: 999_999, content: 'hi' }, 404, /Recipient not found/],
      [{ toUserId: ann.user.id, content: 'hi' }, 400, /cannot message yourself/],
    ];
    for (const [payload, status, message] of cases) {
      const res = await send(ann.cookie, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(status);
      expect(res.json().message).toMatch(message);
    }
    expect((await send(ann.cookie, { toUserId: bob.user.id, content: 'x'.repeat(4000) })).statusCode).toBe(
      201,
    );
  });
});
