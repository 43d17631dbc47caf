import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema.ts';
import { registerUser } from '../../testing/factories.ts';
import { messagesTestApp } from '../../testing/messages.ts';
import { waitFor } from '../../testing/wait.ts';

// A suspension ends the user's open live streams at once (ADR 029), not only their sessions.
const { app, stream, send, db } = await messagesTestApp();

describe('suspending a user with an open stream', () => {
  it('closes the stream when the suspension commits, and it cannot reconnect', async () => {
    const admin = await registerUser(app);
    await db().update(users).set({ role: 'admin' }).where(eq(users.id, admin.user.id));
    const u = await registerUser(app);
    const other = await registerUser(app);
    const s = await stream(u.cookie);
    expect(s.status).toBe(200);
    await s.waitFor((e) => e.some((x) => x.event === 'ready'));
    // A bystander's stream stays open.
    const b = await stream(other.cookie);
    await b.waitFor((e) => e.some((x) => x.event === 'ready'));
    const res = await app.inject({
      method: 'POST',
      url: `/api/admin/users/${u.user.id}/suspend`,
      headers: { cookie: admin.cookie },
      payload: { reason: 'Scam messages' },
    });
    expect(res.statusCode, res.body).toBe(200);
    // The commit's NOTIFY ends the stream: its end is the event waited for.
    await waitFor(s.closed, { what: "the suspended user's stream to be closed" });
    expect((await stream(u.cookie)).status).toBe(401);
    expect((await send(admin.cookie, { toUserId: other.user.id, content: 'Still here?' })).statusCode).toBe(
      201,
    );
    await b.waitFor((e) => e.some((x) => x.event === 'message'));
  });
});
