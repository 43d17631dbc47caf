import { describe, expect, it } from 'vitest';
import { render } from '#client/entry-server.tsx';
import { buildTestApp, indexHtmlFixture } from '../../testing/test-app.ts';

// The texts quote the hold the server applies (PAYOUT_HOLD_HOURS, ADR 045), in every language and
// on the pre-rendered static pages: with 36 hours configured, no page says 24.
const { indexHtml } = indexHtmlFixture();
const { app } = await buildTestApp(
  { PUBLIC_URL: 'https://yardshare.example', PAYOUT_HOLD_HOURS: '36' },
  { indexHtml, renderer: render },
);
const rootOf = (html: string) =>
  /<div id="root">([\s\S]*?)<\/div>\s*(?:<script id=|<\/body>)/.exec(html)?.[1] ?? '';
const TWENTY_FOUR = /24\s?(hours|Stunden|horas|heures|時間)/;
const THIRTY_SIX = /36\s?(hours|Stunden|horas|heures|時間)/;

describe('the hold in the texts', () => {
  it('GET /api/payments/terms answers the configured hold, the fee and the payout destinations the provider pays', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/payments/terms' });
    expect(res.json()).toEqual({ holdHours: 36, feePercent: 6, payoutMethods: ['bitcoin', 'lightning'] });
  });

  for (const locale of ['', '/es', '/fr', '/de', '/ja'])
    it(`says 36 hours, never 24, on the terms, how it works and the blog${locale || ' (en)'}`, async () => {
      for (const page of ['/terms', '/how-it-works', '/blog/rise-of-yardsharing']) {
        const res = await app.inject({
          method: 'GET',
          url: `${locale}${page}`,
          headers: { accept: 'text/html' },
        });
        expect(res.statusCode).toBe(200);
        const text = rootOf(res.body);
        expect(text.length, page).toBeGreaterThan(1000);
        expect(text, `${locale}${page}`).not.toMatch(TWENTY_FOUR);
        expect(text, `${locale}${page}`).toMatch(THIRTY_SIX);
      }
    });
});
