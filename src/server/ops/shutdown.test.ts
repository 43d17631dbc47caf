import fs from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { registerUser } from '../testing/factories.ts';
import { createTestDb, testConfig } from '../testing/test-app.ts';
import { signal, waitFor, waitUntil } from '../testing/wait.ts';
import { gracefulClose } from './shutdown.ts';

// The app listening, with a route that waits for the test and a job that does too.
const { handle, drop } = await createTestDb();
const config = testConfig();
const app = await buildApp({ config, db: handle, logger: false, serveClient: false });
const entered = signal();
const releaseRequest = signal();
app.get('/test/slow', async () => {
  entered.resolve();
  await releaseRequest;
  // The database is still open for a request under way.
  await handle.db.execute(sql`select 1`);
  return { ok: true };
});
const jobEntered = signal();
const releaseJob = signal();
let jobDone = false;
let laterJobRan = false;
app.jobs.register({
  name: 'test.slow',
  everyMs: 3_600_000,
  run: async () => {
    jobEntered.resolve();
    await releaseJob;
    jobDone = true;
  },
});
// Sent work, sent once the close has begun: it never starts.
app.jobs.register({
  name: 'test.later',
  run: async () => {
    laterJobRan = true;
  },
});
await app.listen({ port: 0, host: '127.0.0.1' });
const port = (app.server.address() as AddressInfo).port;
const base = `http://127.0.0.1:${port}`;
afterAll(async () => {
  await app.close();
  await drop();
  fs.rmSync(config.dataDir, { recursive: true, force: true });
});

// The raw text of a stream until the server ends it.
async function openStream(cookie: string) {
  const res = await fetch(`${base}/api/messages/stream`, {
    headers: { cookie, accept: 'text/event-stream' },
  });
  expect(res.status).toBe(200);
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  const state = { text: '', ended: false };
  const seen = signal();
  const ended = (async () => {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      state.text += value;
      if (state.text.includes('event: ready')) seen.resolve();
    }
    state.ended = true;
  })();
  await waitFor(seen, { what: 'the stream ready event' });
  return { state, ended };
}

const refused = () =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });

describe('SIGTERM: graceful shutdown', () => {
  it('drains: streams get a retry hint and close, the listener stops, the request and the job under way finish', async () => {
    const { cookie } = await registerUser(app);
    const stream = await openStream(cookie);
    const slow = fetch(`${base}/test/slow`).then(async (r) => ({ status: r.status, body: await r.json() }));
    await waitFor(entered, { what: 'the slow request to reach its handler' });
    await app.jobs.start();
    await waitFor(jobEntered, { what: 'the slow job to start' });

    let settled = false;
    const closing = gracefulClose(app, 20_000).then((outcome) => {
      settled = true;
      return outcome;
    });
    expect(app.ops.draining).toBe(true);
    expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(503);
    await expect(app.jobs.send('test.later')).rejects.toThrow(/stopping/);

    // The stream is told to come back within 0.5-2.5 s (elsewhere), then ended.
    await waitFor(stream.ended, { what: 'the server to end the stream' });
    const hint = /retry: (\d+)\n\n$/.exec(stream.state.text);
    expect(hint, stream.state.text).not.toBeNull();
    expect(Number(hint![1])).toBeGreaterThanOrEqual(500);
    expect(Number(hint![1])).toBeLessThan(2500);

    // No new connections; the request under way still gets its answer, from the database.
    await waitUntil(() => !app.server.listening, { what: 'the listener to close' });
    expect(await refused()).toBe(true);
    releaseRequest.resolve();
    expect(await slow).toEqual({ status: 200, body: { ok: true } });

    // Closing waits for the job under way; the job after it does not start.
    expect(settled).toBe(false);
    releaseJob.resolve();
    expect(await closing).toBe('closed');
    expect(jobDone).toBe(true);
    expect(laterJobRan).toBe(false);
  });

  it('gives up after the timeout when something never finishes', async () => {
    const stuck = {
      ...app,
      server: {},
      ops: { draining: false },
      jobs: { stop: () => new Promise<void>(() => {}) },
    };
    const outcome = await gracefulClose(stuck as unknown as typeof app, 50);
    expect(outcome).toBe('timeout');
    expect(stuck.ops.draining).toBe(true);
  });
});
