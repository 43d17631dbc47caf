import type { FastifyReply, FastifyRequest } from 'fastify';

// An error a route or service throws on purpose: its status and message go to the client as they are.
export class HttpError extends Error {
  readonly statusCode: number;
  readonly code?: string;
  constructor(statusCode: number, message: string, code?: string) {
    super(message);
    this.statusCode = statusCode;
    this.code = code;
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string, code?: string) => new HttpError(400, message, code);
export const unauthorized = (message = 'You need to sign in first', code = 'UNAUTHENTICATED') =>
  new HttpError(401, message, code);
export const forbidden = (message: string, code?: string) => new HttpError(403, message, code);
export const notFound = (message: string, code?: string) => new HttpError(404, message, code);
export const conflict = (message: string, code?: string) => new HttpError(409, message, code);

// The 404 of a path no route serves, and of what must look like one (the operator console to anyone
// but an admin, ADR 029; the dev mail box off this machine, ADR 021).
export function sendNoRoute(request: FastifyRequest, reply: FastifyReply) {
  const url = request.url.split('?')[0];
  return reply.status(404).send({ message: `Not found: ${request.method} ${url}`, code: 'NOT_FOUND' });
}
