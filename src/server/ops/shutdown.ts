import type { FastifyInstance } from 'fastify';

// SIGTERM (ADR 033): /readyz answers 503 at once, no new scheduled job starts, the listener stops
// accepting connections, requests under way and the job under way finish, live streams are told
// to reconnect (elsewhere) and closed, then the database closes. 'timeout' when that took longer
// than timeoutMs, 'failed' when closing threw: the caller exits non-zero either way.
export async function gracefulClose(
  app: FastifyInstance,
  timeoutMs: number,
): Promise<'closed' | 'timeout' | 'failed'> {
  app.ops.draining = true;
  let timer: NodeJS.Timeout | undefined;
  // A kept-alive connection whose answer ends after the close began (a stream, a slow request)
  // would hold the server open until its keep-alive timeout: closed as soon as it is idle.
  const idle = setInterval(() => app.server.closeIdleConnections?.(), 100);
  const closing = Promise.all([app.jobs.stop(), app.close()]).then(() => 'closed' as const);
  try {
    return await Promise.race([
      closing,
      new Promise<'timeout'>((r) => {
        timer = setTimeout(() => r('timeout'), timeoutMs);
      }),
    ]);
  } catch (err) {
    app.log.error({ err }, 'shutdown failed');
    return 'failed';
  } finally {
    clearTimeout(timer);
    clearInterval(idle);
  }
}
