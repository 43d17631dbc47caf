import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import { afterAll } from 'vitest';
import type { Conversation } from '#shared/messages.ts';
import { buildApp } from '../app.ts';
import { openSse, type SseClient } from './sse-client.ts';
import { createTestDb, testConfig } from './test-app.ts';

// Shared by the messages.*.test.ts files: the app on a fresh database, listening for the SSE
// streams, closed (with every stream opened through it) after the file's tests; and the requests.
// Built by hand (not buildTestApp) to keep the PostgreSQL URL for the second-instance test.
export async function messagesTestApp() {
  const { handle, url: pgUrl, drop } = await createTestDb();
  const config = testConfig();
  const app = await buildApp({ config, db: handle, logger: false, serveClient: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const streams: SseClient[] = [];
  afterAll(async () => {
    for (const s of streams) s.close();
    await app.close();
    await drop();
    fs.rmSync(config.dataDir, { recursive: true, force: true });
  });

  const send = (cookie: string | undefined, payload: unknown) =>
    app.inject({
      method: 'POST',
      url: '/api/messages',
      payload: payload as object,
      headers: cookie ? { cookie } : {},
    });
  const thread = (cookie: string, userId: number | string) =>
    app.inject({ method: 'GET', url: `/api/messages/${userId}`, headers: { cookie } });
  const markRead = (
    cookie: string | undefined,
    userId: number | string,
    headers: Record<string, string> = {},
  ) =>
    app.inject({
      method: 'POST',
      url: `/api/messages/${userId}/read`,
      headers: { ...headers, ...(cookie ? { cookie } : {}) },
    });
  const conversations = async (cookie: string) =>
    (
      await app.inject({ method: 'GET', url: '/api/messages/conversations', headers: { cookie } })
    ).json() as Conversation[];
  const stream = async (cookie?: string, at = base, headers: Record<string, string> = {}) => {
    const s = await openSse(`${at}/api/messages/stream`, cookie, headers);
    streams.push(s);
    return s;
  };
  const db = () => handle.db;

  return { app, handle, pgUrl, send, thread, markRead, conversations, stream, db };
}

export const unreadTotal = (list: Conversation[]) => list.reduce((n, c) => n + c.unreadCount, 0);
