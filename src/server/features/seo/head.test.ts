import { describe, expect, it } from 'vitest';
import { buildHead, jsonForScript, listingHead, listingsHead, STATIC_PAGES, trimPath } from '#shared/seo.ts';
import { en } from '#shared/texts/en/heads.ts';
import { escapeHtml, renderHeadHtml } from './head-html.ts';

const O = 'https://yardshare.example';

describe('shared page head', () => {
  it('builds the full tag set with defaults', () => {
    const tags = buildHead({ title: 'Hello' }, O, '/x', 'en', en);
    const html = renderHeadHtml(tags);
    expect(html).toContain('<title data-head>Hello | Yardshare</title>');
    expect(html).toContain('<meta data-head name="robots" content="index, follow" />');
    expect(html).toContain(`<link data-head rel="canonical" href="${O}/x" />`);
    expect(html).toContain(`<link data-head rel="alternate" hreflang="ja" href="${O}/ja/x" />`);
    expect(html).toContain(`<link data-head rel="alternate" hreflang="x-default" href="${O}/x" />`);
    expect(html).toContain(`<meta data-head property="og:image" content="${O}/social/og-default.svg" />`);
    expect(html.match(/og:locale:alternate/g)).toHaveLength(4);
    expect(html).toContain('name="keywords"');
  });

  it('home alternates are /es, not /es/', () => {
    const html = renderHeadHtml(buildHead({ title: 'Home', path: '/' }, O, '/', 'en', en));
    expect(html).toContain(`hreflang="es" href="${O}/es"`);
  });

  it('noindex pages say noindex, nofollow', () => {
    expect(renderHeadHtml(buildHead({ title: 'P', noindex: true }, O, '/p', 'en', en))).toContain(
      'content="noindex, nofollow"',
    );
  });

  it('every static page description fits in 150 characters as written', () => {
    for (const [path, p] of Object.entries(STATIC_PAGES))
      expect(p.description.length, path).toBeLessThanOrEqual(150);
  });

  it('escapes HTML and JSON for script blocks', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
    const json = jsonForScript({ t: '</script><script>alert(1)</script>\u2028' });
    expect(json).not.toMatch(/<|>|\u2028/);
    expect(JSON.parse(json).t).toBe('</script><script>alert(1)</script>\u2028');
  });

  it('listings and listing heads', () => {
    expect(listingsHead(O, { type: 'exchange' }, en).title).toBe('Work exchange growing spaces');
    expect(listingsHead(O, { location: '  Austin,   TX ' }, en).path).toBe('/listings?location=Austin%2C+TX');
    const h = listingHead(
      O,
      {
        id: 3,
        title: 'Plot',
        description: 'Nice',
        type: 'community',
        price: null,
        workHours: null,
        city: 'Reno',
        state: 'NV',
        images: [],
      },
      en,
    );
    expect(h.description).toBe('Free community garden in Reno, NV. Nice');
    expect(h.path).toBe('/listings/3');
  });
});

describe('trimPath', () => {
  it('drops trailing slashes but keeps the root', () => {
    expect(trimPath('/listings/')).toBe('/listings');
    expect(trimPath('/listings//')).toBe('/listings');
    expect(trimPath('/blog/rise-of-yardsharing')).toBe('/blog/rise-of-yardsharing');
    expect(trimPath('/')).toBe('/');
  });
});
