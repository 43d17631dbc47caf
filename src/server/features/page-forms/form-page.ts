import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DEFAULT_LOCALE, isLocale, type Locale, localePath } from '#shared/i18n.ts';
import { NEXT_PARAM } from '#shared/return-path.ts';
import { HttpError } from '../../errors.ts';
import { translateMessage } from '../../plugins/errors.ts';

// What the page forms share (ADR 058, after ADR 052's POST /auth): the form body, the page's
// language, the answers (a 303 to the resulting page, the way through sign-in) and the refusal: the
// page the form was on, rendered again by the server with the reason above it, in its language.

export const FORM_BYTES = 8192;
export type FormBody = Record<string, string>;

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

// application/x-www-form-urlencoded, as plain HTML forms send it, for the routes of this plugin only.
export function acceptFormBodies(app: FastifyInstance) {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_BYTES },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
}

// The body's text fields (a JSON body, an array or anything else: no fields).
export function formBody(request: FastifyRequest): FormBody {
  const raw = request.body;
  return raw && typeof raw === 'object' && !Array.isArray(raw)
    ? Object.fromEntries(Object.entries(raw).filter(([, v]) => typeof v === 'string'))
    : {};
}

// The page's language from the route's `:lang`, or null for a prefix that is not one of ours (and
// `/en/`, which is the unprefixed address).
export function localeOf(request: FastifyRequest): Locale | null {
  const lang = (request.params as { lang?: string }).lang;
  if (lang === undefined) return DEFAULT_LOCALE;
  return isLocale(lang) && lang !== DEFAULT_LOCALE ? lang : null;
}

export const notFoundReply = (request: FastifyRequest, reply: FastifyReply) =>
  reply.status(404).send({ message: `Not found: ${request.method} ${request.url}`, code: 'NOT_FOUND' });

// A 303 to `path` (unprefixed) in the page's language; never kept by a cache.
export const seeOther = (reply: FastifyReply, locale: Locale, path: string) =>
  reply.header('cache-control', 'no-store').redirect(localePath(locale, path), 303);

// A visitor is sent to sign in, and comes back to `path` (the form's page or its destination).
export const toSignIn = (reply: FastifyReply, locale: Locale, path: string) =>
  seeOther(reply, locale, `/auth?${NEXT_PARAM}=${encodeURIComponent(path).replace(/%2F/g, '/')}`);

// The first problem of a form the shared schema refuses, as the API would word it.
export const firstIssue = (error: { issues: { message: string }[] }) =>
  error.issues[0]?.message ?? 'Invalid input';

// A refusal (an HttpError below 500, as the JSON API would answer): the page at `pagePath` (the
// request's own address when left out) rendered again with the reason, translated, in a
// role="alert" paragraph above the app, with the API's status. Anything else is rethrown.
export async function refusalPage(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  err: unknown,
  locale: Locale,
  pagePath?: string,
) {
  if (!(err instanceof HttpError) || err.statusCode >= 500) throw err;
  const message = translateMessage(locale, err.message);
  // The page's own address, for the renderer (the request's prototype keeps its cookies and host).
  const pageRequest = pagePath
    ? (Object.create(request, { url: { value: localePath(locale, pagePath) } }) as FastifyRequest)
    : request;
  const page = await app.renderPage(pageRequest, { prerender: true });
  if (!page) return reply.status(err.statusCode).send({ message, code: err.code });
  const alert = `<p role="alert" data-form-error class="border-b border-destructive/30 bg-destructive/5 px-4 py-3 text-center text-sm font-medium text-destructive">${escapeHtml(message)}</p>`;
  return reply
    .status(err.statusCode)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(page.html.replace('<div id="root">', () => `${alert}<div id="root">`));
}
