import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { loginSchema, registerFormSchema } from '#shared/auth.ts';
import { DEFAULT_LOCALE, isLocale, type Locale, localePath } from '#shared/i18n.ts';
import { NEXT_PARAM, safeNextPath } from '#shared/return-path.ts';
import { HttpError } from '../../errors.ts';
import { setSessionCookie } from '../../plugins/auth.ts';
import { translateMessage } from '../../plugins/errors.ts';
import type { AuthService } from './auth.service.ts';
import { deviceCookieOf, setDeviceCookie } from './device-cookie.ts';

// The sign-in and register forms as plain HTML forms (ADR 052): before (or without) the page's
// script, /auth's forms post here as application/x-www-form-urlencoded, with the same fields and
// rules as POST /api/login and /api/register (whose JSON is unchanged). Success sets the session
// cookie and answers 303 to the return path in the page's language; a refusal answers the /auth
// page again, rendered by the server with the reason above the form, in the page's language.

const FORM_BYTES = 4096;
const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

type FormBody = Record<string, string>;

// The first problem of a form the shared schema refuses, as the API would word it.
function firstIssue(error: { issues: { message: string }[] }): string {
  return error.issues[0]?.message ?? 'Invalid input';
}

async function submit(service: AuthService, request: FastifyRequest, body: FormBody, locale: Locale) {
  if (body.form === 'register') {
    const parsed = registerFormSchema.safeParse({ ...body, language: locale });
    if (!parsed.success) throw new HttpError(400, firstIssue(parsed.error));
    const { confirmPassword: _, ...input } = parsed.data;
    return service.register(input, request.ip);
  }
  const parsed = loginSchema.safeParse(body);
  if (!parsed.success) throw new HttpError(400, firstIssue(parsed.error));
  return service.login(parsed.data, request.ip, deviceCookieOf(request));
}

export async function authFormRoutes(app: FastifyInstance, { auth: service }: { auth: AuthService }) {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_BYTES },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const lang = (request.params as { lang?: string }).lang;
    const locale: Locale = lang === undefined ? DEFAULT_LOCALE : (lang as Locale);
    const query = new URLSearchParams(request.url.split('?')[1] ?? '');
    const next = safeNextPath(query.get(NEXT_PARAM)) ?? '/';
    const raw = request.body;
    const body: FormBody =
      raw && typeof raw === 'object' && !Array.isArray(raw)
        ? Object.fromEntries(Object.entries(raw).filter(([, v]) => typeof v === 'string'))
        : {};
    try {
      const user = await submit(service, request, body, locale);
      const { token, expiresAt } = await app.sessions.create(user.id);
      setSessionCookie(request, reply, token, expiresAt);
      // The same device cookie as the JSON API's (ADR 056).
      setDeviceCookie(request, reply, await service.deviceCookie(user));
      return reply.header('cache-control', 'no-store').redirect(localePath(locale, next), 303);
    } catch (err) {
      if (!(err instanceof HttpError) || err.statusCode >= 500) throw err;
      const message = translateMessage(locale, err.message);
      const page = await app.renderPage(request, { prerender: true });
      if (!page) return reply.status(err.statusCode).send({ message, code: err.code });
      const alert = `<p role="alert" data-form-error class="border-b border-destructive/30 bg-destructive/5 px-4 py-3 text-center text-sm font-medium text-destructive">${escapeHtml(message)}</p>`;
      return reply
        .status(err.statusCode)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(page.html.replace('<div id="root">', () => `${alert}<div id="root">`));
    }
  };

  app.post('/auth', handler);
  app.post<{ Params: { lang: string } }>('/:lang/auth', async (request, reply) => {
    if (!isLocale(request.params.lang) || request.params.lang === DEFAULT_LOCALE)
      return reply
        .status(404)
        .send({ message: `Not found: ${request.method} ${request.url}`, code: 'NOT_FOUND' });
    return handler(request, reply);
  });
}
