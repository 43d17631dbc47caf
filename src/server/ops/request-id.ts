import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export const REQUEST_ID_HEADER = 'x-request-id';

// A caller's id is kept when it is 1-128 characters of letters, digits and - _ . : / + = @;
// anything else (or none) gets a fresh UUID, so a log line can never be forged through it.
const SANE = /^[A-Za-z0-9\-_.:/+=@]{1,128}$/;

export function requestId(req: IncomingMessage): string {
  const given = req.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && SANE.test(given) ? given : randomUUID();
}
