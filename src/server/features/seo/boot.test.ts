import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { render } from '#client/entry-server.tsx';
import { LATE_PRELOADS_ID } from '#shared/constants.ts';
import { registerUser } from '../../testing/factories.ts';
import { buildTestApp, indexHtmlFixture } from '../../testing/test-app.ts';

// A pre-rendered page's scripts load after its first paint (ADR 042): the entry's script tag becomes
// boot.ts's, and the entry, its imports and the route's code are listed for it, not preloaded.
const { dir, indexHtml } = indexHtmlFixture();
fs.mkdirSync(path.join(dir, '.vite'));
fs.writeFileSync(
  path.join(dir, '.vite', 'manifest.json'),
  JSON.stringify({
    // Before index.html, as in a real manifest: the entry is index.html's, not the first one listed.
    'boot.ts': { file: 'assets/boot-9.js', isEntry: true },
    'index.html': { file: 'assets/index-abc.js', isEntry: true, imports: ['_vendor.js'] },
    '_vendor.js': { file: 'assets/vendor-1.js' },
    _head: { file: 'assets/head-2.js', imports: ['_vendor.js'] },
    'features/content/blog-article-page.tsx': {
      file: 'assets/blog-article-page-3.js',
      isDynamicEntry: true,
      imports: ['_head', '_vendor.js'],
    },
  }),
);
const { app } = await buildTestApp(
  { PUBLIC_URL: 'https://yardshare.example' },
  { indexHtml, renderer: (href, opts) => render(href, opts) },
);
const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });
const lateOf = (html: string) => {
  const m = new RegExp(`<script type="application/json" id="${LATE_PRELOADS_ID}">([^<]*)</script>`).exec(
    html,
  );
  return m ? (JSON.parse(m[1]) as string[]) : null;
};

describe('scripts after the first paint', () => {
  it('a pre-rendered page starts with the boot script, which is given the entry and the route code', async () => {
    const html = (await get('/blog/rise-of-yardsharing')).body;
    expect(html).toContain('id="root"><');
    expect(html).toContain('<script type="module" crossorigin src="/assets/boot-9.js"></script>');
    expect(html).not.toContain('index-abc.js"></script>');
    expect(html).not.toContain('modulepreload');
    expect(lateOf(html)).toEqual([
      '/assets/index-abc.js',
      '/assets/vendor-1.js',
      '/assets/blog-article-page-3.js',
      '/assets/head-2.js',
    ]);
  });

  it('a page the browser renders keeps the entry and its preloads', async () => {
    const { cookie } = await registerUser(app);
    const html = (await get('/blog/rise-of-yardsharing', { cookie })).body;
    expect(html).toContain('<div id="root"></div>');
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-abc.js"></script>');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/blog-article-page-3.js" />');
    expect(lateOf(html)).toBeNull();
  });

  it('the boot script reads the list by its id', () => {
    expect(fs.readFileSync('src/client/boot.ts', 'utf8')).toContain(`getElementById('${LATE_PRELOADS_ID}')`);
  });
});
