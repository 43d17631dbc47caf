import fs from 'node:fs';
import { PRERENDER_STATE_ID } from '#shared/constants.ts';
import {
  articleHead,
  buildHead,
  homeHead,
  listingHead,
  listingsHead,
  type PageHead,
  RISE_OF_YARDSHARING,
  STATIC_PAGES,
  type StaticPage,
  type StaticPath,
  staticPageHead,
  trimPath,
} from '#shared/seo.ts';
import { escapeHtml, renderHeadHtml } from './head-html.ts';
import type { ChunkPreloads } from './preloads.ts';
import type { SeoRepository } from './seo.repository.ts';

export type RenderedPage = { status: number; html: string };

// The client's page pre-renderer (src/client/entry-server.tsx, built to <dist>/ssr): the markup
// for #root and the query state to hydrate it with, or null for pages the browser renders alone.
// cacheable: the page reads no data (a content page), so one rendering serves every visitor.
type PrerenderedBody = { html: string; state: string; cacheable?: boolean };
export type PageRenderer = (
  href: string,
  options: { origin: string; fetcher: (url: string) => Promise<Response> },
) => Promise<PrerenderedBody | null>;

const BODY_CACHE_MAX = 100;

const NOT_FOUND: PageHead = {
  title: 'Page not found',
  description: 'The page you are looking for does not exist on Yardshare.',
  noindex: true,
};
const LISTING_NOT_FOUND: PageHead = {
  title: 'Listing not found',
  description:
    'This growing space is no longer available on Yardshare. Browse all listings to find another one near you.',
  noindex: true,
};

const ROOT = '<div id="root"></div>';

// index.html, split once around where the page's own head goes. Its static <title> and
// description are removed: the rendered head supplies them.
export class HtmlTemplate {
  private readonly before: string;
  private readonly after: string;

  constructor(html: string) {
    const cleaned = html
      .replace(/<title>[\s\S]*?<\/title>\s*/i, '')
      .replace(/<meta\s+name="description"[^>]*>\s*/i, '');
    const at = cleaned.search(/<\/head>/i);
    if (at < 0) throw new Error('index.html has no </head>');
    this.before = cleaned.slice(0, at);
    this.after = cleaned.slice(at);
  }

  static fromFile(file: string): HtmlTemplate | null {
    return fs.existsSync(file) ? new HtmlTemplate(fs.readFileSync(file, 'utf8')) : null;
  }

  // body: pre-rendered markup for #root and its hydration state (a JSON script, never executed).
  render(headHtml: string, body?: PrerenderedBody): string {
    const after = body
      ? this.after.replace(
          ROOT,
          () =>
            `<div id="root">${body.html}</div>\n    <script id="${PRERENDER_STATE_ID}" type="application/json">${body.state}</script>`,
        )
      : this.after;
    return `${this.before}  ${headHtml}\n  ${after}`;
  }
}

const isStatic = (p: string): p is StaticPath => Object.hasOwn(STATIC_PAGES, p);

// Which head a URL gets (and its status), and the sitemap.
export class SeoService {
  constructor(
    private readonly repo: SeoRepository,
    private readonly template: HtmlTemplate | null,
    private readonly preloads: ChunkPreloads | null = null,
    private readonly renderer: PageRenderer | null = null,
  ) {}

  // Content pages' pre-rendered bodies, by origin and path (they do not read the query string).
  private readonly bodyCache = new Map<string, PrerenderedBody>();

  private async prerender(
    url: URL,
    origin: string,
    fetcher: (url: string) => Promise<Response>,
  ): Promise<PrerenderedBody | null> {
    if (!this.renderer) return null;
    const key = `${origin}${trimPath(url.pathname)}`;
    const cached = this.bodyCache.get(key);
    if (cached) return cached;
    const body = await this.renderer(`${origin}${url.pathname}${url.search}`, { origin, fetcher });
    if (body?.cacheable && this.bodyCache.size < BODY_CACHE_MAX) this.bodyCache.set(key, body);
    return body;
  }

  get hasTemplate(): boolean {
    return this.template !== null;
  }

  async headFor(url: URL, origin: string): Promise<{ status: number; head: PageHead; path: string }> {
    const path = trimPath(url.pathname);
    if (path === '/') return { status: 200, head: homeHead(origin), path };
    if (path === '/listings') {
      return {
        status: 200,
        head: listingsHead(origin, {
          type: url.searchParams.get('type') ?? undefined,
          location: url.searchParams.get('location') ?? undefined,
        }),
        path,
      };
    }
    const detail = /^\/listings?\/(\d+)$/.exec(path);
    if (detail) {
      const listing = await this.repo.findActiveListing(Number(detail[1]));
      return listing
        ? { status: 200, head: listingHead(origin, listing), path }
        : { status: 404, head: LISTING_NOT_FOUND, path };
    }
    if (path === RISE_OF_YARDSHARING.path) return { status: 200, head: articleHead(origin), path };
    if (isStatic(path)) return { status: 200, head: staticPageHead(path), path };
    if (/^\/messages\/[^/]+$/.test(path))
      return { status: 200, head: staticPageHead('/messages', { path }), path };
    if (/^\/users\/\d+$/.test(path))
      return { status: 200, head: { title: 'Member profile', noindex: true }, path };
    if (/^\/bookings\/\d+$/.test(path))
      return { status: 200, head: { title: 'Booking', noindex: true }, path };
    if (/^\/listings\/\d+\/edit$/.test(path))
      return { status: 200, head: { title: 'Edit your listing', noindex: true }, path };
    return { status: 404, head: NOT_FOUND, path };
  }

  // prerender: the page body too (signed-out visitors, pages the renderer takes), with the
  // in-process fetcher it reads the API through. A failed pre-render still sends the page, without a body.
  async renderPage(
    url: URL,
    origin: string,
    prerender?: { fetcher: (url: string) => Promise<Response>; onError: (err: unknown) => void },
  ): Promise<RenderedPage | null> {
    if (!this.template) return null;
    const { status, head, path } = await this.headFor(url, origin);
    const preload = status === 200 ? (this.preloads?.forPath(trimPath(url.pathname)) ?? []) : [];
    const links = preload.map(
      (href) => `<link rel="modulepreload" crossorigin href="${escapeHtml(href)}" />`,
    );
    let body: PrerenderedBody | null = null;
    if (status === 200 && prerender) {
      try {
        body = await this.prerender(url, origin, prerender.fetcher);
      } catch (err) {
        prerender.onError(err);
      }
    }
    return {
      status,
      html: this.template.render(
        [renderHeadHtml(buildHead(head, origin, path)), ...links].join('\n    '),
        body ?? undefined,
      ),
    };
  }

  async sitemap(origin: string): Promise<string> {
    const entries: string[] = [];
    const add = (loc: string, extra: { lastmod?: string; changefreq?: string; priority?: number }) => {
      entries.push(
        [
          '  <url>',
          `    <loc>${escapeHtml(origin + loc)}</loc>`,
          extra.lastmod ? `    <lastmod>${extra.lastmod}</lastmod>` : '',
          extra.changefreq ? `    <changefreq>${extra.changefreq}</changefreq>` : '',
          extra.priority != null ? `    <priority>${extra.priority.toFixed(1)}</priority>` : '',
          '  </url>',
        ]
          .filter(Boolean)
          .join('\n'),
      );
    };
    for (const [path, page] of Object.entries(STATIC_PAGES) as [string, StaticPage][]) {
      if (!page.noindex) add(path, { changefreq: page.changefreq, priority: page.priority });
    }
    add('/listings', { changefreq: 'daily', priority: 0.9 });
    add(RISE_OF_YARDSHARING.path, {
      lastmod: RISE_OF_YARDSHARING.datePublished,
      changefreq: 'yearly',
      priority: 0.7,
    });
    for (const l of await this.repo.activeListingsForSitemap()) {
      add(`/listings/${l.id}`, {
        lastmod: l.updatedAt.toISOString().slice(0, 10),
        changefreq: 'weekly',
        priority: 0.8,
      });
    }
    return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</urlset>\n`;
  }
}
