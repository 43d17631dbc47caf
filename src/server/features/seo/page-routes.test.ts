import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { LOCALES, localePath } from '#shared/i18n.ts';
import { matchPageRoute, PAGE_ROUTES } from '#shared/page-routes.ts';
import { users } from '../../db/schema.ts';
import { insertListing, registerUser } from '../../testing/factories.ts';
import { buildTestApp, indexHtmlFixture } from '../../testing/test-app.ts';

// Every page of the client's route list answers 200 when loaded directly (ADR 052).
const { indexHtml } = indexHtmlFixture();
const { app, db } = await buildTestApp({}, { indexHtml });
const host = await registerUser(app);
const admin = await registerUser(app);
await db.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.user.id));
const listing = await insertListing(db, host.user.id);

const get = (url: string, cookie?: string) =>
  app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) } });
const titleOf = (html: string) => /<title data-head>([^<]*)<\/title>/.exec(html)?.[1];
const urlOf = (path: string) => path.replace(':id', String(listing.id)).replace('*', 'reports');

describe('the one route list', () => {
  it('every client route answers 200, signed in, in every language; an unknown path still 404s', async () => {
    for (const route of PAGE_ROUTES) {
      const cookie = route.access === 'admin' ? admin.cookie : host.cookie;
      for (const locale of LOCALES) {
        const url = localePath(locale, urlOf(route.path));
        const res = await get(url, cookie);
        expect(res.statusCode, url).toBe(200);
        expect(titleOf(res.body), url).not.toMatch(
          /not found|no encontrada|introuvable|nicht gefunden|見つかりません/i,
        );
      }
    }
    for (const url of ['/no/such/page', '/earning', '/de/earnings/x', '/messages/7/x']) {
      expect((await get(url, host.cookie)).statusCode, url).toBe(404);
    }
  });

  it('a signed-in host loading /earnings directly gets the page and its title', async () => {
    const res = await get('/earnings', host.cookie);
    expect(res.statusCode).toBe(200);
    expect(titleOf(res.body)).toBe('Earnings | Yardshare');
    expect((await get('/fr/earnings', host.cookie)).body).toContain('Revenus | Yardshare');
  });

  it("an operator's page is the 404 screen for everyone but an operator", async () => {
    expect((await get('/admin/reports')).statusCode).toBe(404);
    expect((await get('/admin/reports', host.cookie)).statusCode).toBe(404);
    expect((await get('/admin', admin.cookie)).statusCode).toBe(200);
  });

  it('matches paths as the client router does', () => {
    expect(matchPageRoute('/')?.path).toBe('/');
    expect(matchPageRoute('/listings/12/edit')?.path).toBe('/listings/:id/edit');
    expect(matchPageRoute('/earnings/')?.path).toBe('/earnings');
    expect(matchPageRoute('/admin')?.path).toBe('/admin/*');
    expect(matchPageRoute('/admin/members/3')?.path).toBe('/admin/*');
    expect(matchPageRoute('/listings/')?.path).toBe('/listings');
    expect(matchPageRoute('/nowhere')).toBeNull();
    expect(matchPageRoute('/bookings/1/2')).toBeNull();
  });
});
