import { describe, expect, it } from 'vitest';
import { registerUser } from '../../testing/factories.ts';
import { messagesTestApp } from '../../testing/messages.ts';

// Public profiles, and the full ones conversation partners see.
const { app, send } = await messagesTestApp();

const ann = await registerUser(app, { name: 'Ann Alder' });

describe('GET /api/users/:id', () => {
  const profile = (id: number, cookie?: string) =>
    app.inject({ method: 'GET', url: `/api/users/${id}`, headers: cookie ? { cookie } : {} });
  const publicKeys = ['avatar', 'createdAt', 'displayName', 'id'];

  it('gives anonymous callers and strangers the public profile only: no username, no full name', async () => {
    const host = await registerUser(app, { name: 'Hazel  Hawthorn' });
    const stranger = await registerUser(app);
    // A conversation the host has with someone else does not make the stranger a partner.
    await send(ann.cookie, { toUserId: host.user.id, content: 'hello host' });
    for (const cookie of [undefined, stranger.cookie]) {
      const res = await profile(host.user.id, cookie);
      expect(res.statusCode).toBe(200);
      expect(Object.keys(res.json()).sort()).toEqual(publicKeys);
      expect(res.json()).toEqual({
        id: host.user.id,
        displayName: 'Hazel',
        avatar: null,
        createdAt: expect.any(String),
      });
      expect(res.body).not.toContain(host.input.username);
      expect(res.body).not.toContain('Hawthorn');
    }
    expect((await profile(999_999)).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/api/users/abc' })).statusCode).toBe(400);
  });

  it('gives username and full name to the user themself and to users who share a conversation, either way', async () => {
    const host = await registerUser(app, { name: 'Hazel Hawthorn' });
    const writer = await registerUser(app);
    const reader = await registerUser(app);
    await send(writer.cookie, { toUserId: host.user.id, content: 'is the plot free?' });
    await send(host.cookie, { toUserId: reader.user.id, content: 'a plot came free' });
    const full = {
      id: host.user.id,
      displayName: 'Hazel',
      name: 'Hazel Hawthorn',
      username: host.input.username,
    };
    for (const viewer of [host, writer, reader]) {
      const res = await profile(host.user.id, viewer.cookie);
      expect(res.statusCode).toBe(200);
      expect(Object.keys(res.json()).sort()).toEqual([...publicKeys, 'name', 'username'].sort());
      expect(res.json()).toMatchObject(full);
    }
    // The partnership works both ways: the host sees the writer's full profile too.
    expect((await profile(writer.user.id, host.cookie)).json()).toMatchObject({
      username: writer.input.username,
    });
  });
});
