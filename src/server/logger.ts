import type { FastifyServerOptions } from 'fastify';
import pino from 'pino';
import type { Config } from './config.ts';
import { traceIds } from './ops/tracing.ts';

// What the server log may say about an error: its type, message, codes and stack, never the values
// a failed query was sent (a password hash, a token, personal data) and never a driver's detail text.
// Database errors carry their parameters in the message ("Failed query: ...\nparams: ..."), in a
// `params` field and in their stack; all three are cut here, in the one place every log line goes through.
type LoggedError = { type: string; message: string; stack: string; [key: string]: unknown };

export function serializeError(err: unknown, depth = 0): LoggedError {
  if (!(err instanceof Error))
    return {
      type: typeof err,
      message: typeof err === 'string' ? redactParams(err) : 'non-error thrown',
      stack: '',
    };
  const e = err as Error & { code?: unknown; statusCode?: unknown; constraint?: unknown; cause?: unknown };
  const message = redactParams(e.message);
  const frames = e.stack?.indexOf('\n    at ') ?? -1;
  return {
    type: e.name,
    message,
    ...(typeof e.code === 'string' ? { code: e.code } : {}),
    ...(typeof e.statusCode === 'number' ? { statusCode: e.statusCode } : {}),
    ...(typeof e.constraint === 'string' ? { constraint: e.constraint } : {}),
    stack: frames >= 0 && e.stack ? `${e.name}: ${message}${e.stack.slice(frames)}` : '',
    ...(e.cause !== undefined && depth < 3 ? { cause: serializeError(e.cause, depth + 1) } : {}),
  };
}

const redactParams = (s: string) => s.replace(/\nparams:[\s\S]*$/, '\nparams: [redacted]');

const REDACT = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  '*.password',
  '*.passwordHash',
  '*.token',
];

// Standard output, written in batches (ADR 027): lines gather in memory and go out in one write
// once 4 KB are waiting, at least every second, and at once when the process exits, instead of one
// write system call per line (two lines per request at the default level).
let stdout: ReturnType<typeof pino.destination> | null = null;
export function bufferedStdout() {
  if (stdout) return stdout;
  const dest = pino.destination({ dest: 1, sync: false, minLength: 4096 });
  setInterval(() => {
    try {
      dest.flush();
    } catch {} // not open yet, or closed
  }, 1000).unref();
  process.on('exit', () => {
    try {
      dest.flushSync();
    } catch {}
  });
  stdout = dest;
  return dest;
}

export function loggerOptions(
  config: Config,
  stream?: NodeJS.WritableStream,
): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    redact: { paths: REDACT, censor: '[redacted]' },
    serializers: { err: serializeError, error: serializeError },
    // With traces on, each line carries the trace and span it was written under (ADR 036).
    ...(config.ops.tracing.enabled ? { mixin: traceIds } : {}),
    stream: stream ?? (config.logLevel === 'silent' ? undefined : bufferedStdout()),
  };
}
