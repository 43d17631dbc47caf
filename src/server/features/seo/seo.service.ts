import fs from 'node:fs';
import { LATE_PRELOADS_ID, PRERENDER_STATE_ID } from '#shared/constants.ts';
import { translationsOf } from '#shared/generated-descriptions.ts';
import { type Locale, splitLocale } from '#shared/i18n.ts';
import { localText } from '#shared/listing-title.ts';
import { matchPageRoute } from '#shared/page-routes.ts';
import { type SitemapPage, sitemapUrlset } from '#shared/seo/sitemap.ts';
import {
  articleHead,
  buildHead,
  homeHead,
  jsonForScript,
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
import { TEXTS } from '#shared/texts/all.ts';
import { ByteLru, type Held, stringBytes } from '../../cache/byte-lru.ts';
import { runOffThread } from '../../core/cpu-pool.ts';
import { escapeHtml, renderHeadHtml } from './head-html.ts';
import type { ChunkPreloads } from './preloads.ts';
import { type SeoRepository, SITEMAP_LISTINGS_PER_FILE } from './seo.repository.ts';

export type RenderedPage = { status: number; html: string };
// Who asks for the page, as far as its status depends on it: an operator's pages answer operators.
export type PageViewer = { admin: boolean };

// The client's page pre-renderer (src/client/entry-server.tsx, built to <dist>/ssr): the markup
// for #root and the query state to hydrate it with, or null for pages the browser renders alone.
// cacheable: the page reads no data (a content page), so one rendering serves every visitor.
type PrerenderedBody = { html: string; state: string; cacheable?: boolean };
export type PageRenderer = (
  href: string,
  // member: the request carries a session, and `fetcher` reads the API as that member: only the
  // pages whose forms a member uses are rendered then (ADR 058), and never kept.
  options: { origin: string; fetcher: (url: string) => Promise<Response>; member?: boolean },
) => Promise<PrerenderedBody | null>;

const DEFAULT_PAGES_BYTES = 4 * 1024 * 1024;

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
  // locale: the page's language, on <html lang>.
  // swap: the entry's script tag becomes the boot's (ADR 042), which loads the entry after the first paint.
  render(
    headHtml: string,
    body?: PrerenderedBody,
    locale: Locale = 'en',
    swap?: { entry: string; boot: string },
  ): string {
    const after = body
      ? this.after.replace(
          ROOT,
          () =>
            `<div id="root">${body.html}</div>\n    <script id="${PRERENDER_STATE_ID}" type="application/json">${body.state}</script>`,
        )
      : this.after;
    let before = this.before.replace(/<html lang="[^"]*"/i, `<html lang="${locale}"`);
    if (swap) before = before.replace(`src="${swap.entry}"`, () => `src="${swap.boot}"`);
    return `${before}  ${headHtml}\n  ${after}`;
  }
}

const isStatic = (p: string): p is StaticPath => Object.hasOwn(STATIC_PAGES, p);

// Which head a URL gets (and its status), and the sitemap.
export class SeoService {
  private readonly repo: SeoRepository;
  private readonly template: HtmlTemplate | null;
  private readonly preloads: ChunkPreloads | null;
  private readonly renderer: PageRenderer | null;
  constructor(
    repo: SeoRepository,
    template: HtmlTemplate | null,
    preloads: ChunkPreloads | null = null,
    renderer: PageRenderer | null = null,
    pagesBytes = DEFAULT_PAGES_BYTES,
  ) {
    this.repo = repo;
    this.template = template;
    this.preloads = preloads;
    this.renderer = renderer;
    this.bodyCache = new ByteLru({
      maxBytes: pagesBytes,
      sizeOf: (key, body) => stringBytes(key) + stringBytes(body.html) + stringBytes(body.state),
    });
  }

  // Content pages' pre-rendered bodies, by origin and path (they do not read the query string),
  // within PAGE_CACHE_MAX_KB (ADR 047).
  private readonly bodyCache: ByteLru<string, PrerenderedBody>;

  get pagesHeld(): Held {
    return this.bodyCache.held;
  }

  private async prerender(
    url: URL,
    origin: string,
    fetcher: (url: string) => Promise<Response>,
    member = false,
  ): Promise<PrerenderedBody | null> {
    if (!this.renderer) return null;
    if (member) return this.renderer(`${origin}${url.pathname}${url.search}`, { origin, fetcher, member });
    const key = `${origin}${trimPath(url.pathname)}`;
    const cached = this.bodyCache.get(key);
    if (cached) return cached;
    const body = await this.renderer(`${origin}${url.pathname}${url.search}`, { origin, fetcher });
    if (body?.cacheable) this.bodyCache.set(key, body);
    return body;
  }

  get hasTemplate(): boolean {
    return this.template !== null;
  }

  // The head of a URL in its language: `path` is the page's path without the language prefix.
  async headFor(
    url: URL,
    origin: string,
    viewer: PageViewer = { admin: false },
  ): Promise<{ status: number; head: PageHead; path: string; locale: Locale }> {
    const { locale, path: unprefixed } = splitLocale(url.pathname);
    const path = trimPath(unprefixed);
    const texts = TEXTS[locale].heads;
    const ok = (head: PageHead) => ({ status: 200, head, path, locale });
    if (path === '/') return ok(homeHead(origin, texts));
    if (path === '/listings') {
      return ok(
        listingsHead(
          origin,
          {
            type: url.searchParams.get('type') ?? undefined,
            location: url.searchParams.get('location') ?? undefined,
          },
          texts,
        ),
      );
    }
    const detail = /^\/listings?\/(\d+)$/.exec(path);
    if (detail) {
      const listing = await this.repo.findActiveListing(Number(detail[1]));
      if (!listing) return { status: 404, head: { ...texts.listingNotFound, noindex: true }, path, locale };
      // A title and description Yardshare generated read in the page's language (ADR 038).
      const { titles, descriptions } = translationsOf(listing);
      const title = localText(listing.title, titles, locale);
      const description = localText(listing.description, descriptions, locale);
      return ok(listingHead(origin, { ...listing, title, description }, texts));
    }
    if (path === RISE_OF_YARDSHARING.path) return ok(articleHead(origin, texts));
    if (isStatic(path)) return ok(staticPageHead(path, {}, texts));
    if (/^\/messages\/[^/]+$/.test(path)) return ok(staticPageHead('/messages', { path }, texts));
    if (/^\/users\/\d+$/.test(path)) return ok({ title: texts.memberProfile, noindex: true });
    if (/^\/bookings\/\d+$/.test(path)) return ok({ title: texts.booking, noindex: true });
    if (/^\/listings\/\d+\/edit$/.test(path)) return ok({ title: texts.editListing, noindex: true });
    // The rest of the client's route list (ADR 052); an operator's page is the 404 screen for
    // everyone but an operator (ADR 029).
    const route = matchPageRoute(path);
    if (route?.path === '/earnings') return ok({ title: texts.earnings, noindex: true });
    if (route?.access === 'admin' && viewer.admin) return ok({ title: texts.operatorConsole, noindex: true });
    return { status: 404, head: { ...texts.notFound, noindex: true }, path, locale };
  }

  // prerender: the page body too (signed-out visitors, pages the renderer takes), with the
  // in-process fetcher it reads the API through. A failed pre-render still sends the page, without a body.
  async renderPage(
    url: URL,
    origin: string,
    prerender?: {
      fetcher: (url: string) => Promise<Response>;
      onError: (err: unknown) => void;
      member?: boolean;
    },
    viewer: PageViewer = { admin: false },
  ): Promise<RenderedPage | null> {
    if (!this.template) return null;
    const { status, head, path, locale } = await this.headFor(url, origin, viewer);
    const preload = status === 200 ? (this.preloads?.forPath(path, locale) ?? []) : [];
    let body: PrerenderedBody | null = null;
    if (status === 200 && prerender) {
      try {
        body = await this.prerender(url, origin, prerender.fetcher, prerender.member);
      } catch (err) {
        prerender.onError(err);
      }
    }
    // The route's code: preloaded at once when the browser renders the page, listed for after the
    // first paint when it arrives pre-rendered (main.tsx; ADR 042).
    const boot = body ? (this.preloads?.bootFiles() ?? null) : null;
    const links = boot
      ? [
          `<script type="application/json" id="${LATE_PRELOADS_ID}">${jsonForScript([...boot.entry, ...preload])}</script>`,
        ]
      : preload.map((href) => `<link rel="modulepreload" crossorigin href="${escapeHtml(href)}" />`);
    return {
      status,
      html: this.template.render(
        [renderHeadHtml(buildHead(head, origin, path, locale, TEXTS[locale].heads)), ...links].join('\n    '),
        body ?? undefined,
        locale,
        boot ? { entry: boot.entry[0], boot: boot.boot } : undefined,
      ),
    };
  }

  // The sitemap index (ADR 031): one file for the pages, one per block of listings.
  async sitemapIndex(origin: string): Promise<string> {
    const files = Math.ceil((await this.repo.countActiveListings()) / SITEMAP_LISTINGS_PER_FILE);
    const locs = ['/sitemaps/pages.xml'];
    for (let i = 1; i <= files; i++) locs.push(`/sitemaps/listings-${i}.xml`);
    const entries = locs.map((l) => `  <sitemap>\n    <loc>${escapeHtml(origin + l)}</loc>\n  </sitemap>`);
    return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</sitemapindex>\n`;
  }

  // The indexable static pages, the listings search and the blog, in every language.
  pagesSitemap(origin: string): string {
    const pages: SitemapPage[] = [];
    for (const [path, page] of Object.entries(STATIC_PAGES) as [string, StaticPage][]) {
      if (!page.noindex) pages.push({ path, changefreq: page.changefreq, priority: page.priority });
    }
    pages.push({ path: '/listings', changefreq: 'daily', priority: 0.9 });
    pages.push({
      path: RISE_OF_YARDSHARING.path,
      lastmod: RISE_OF_YARDSHARING.datePublished,
      changefreq: 'yearly',
      priority: 0.7,
    });
    return sitemapUrlset(origin, pages);
  }

  // Block `n` (1-based) of the active listings, or null past the last one: the rows read here, the
  // file's bytes made on the CPU pool (ADR 055; a 503 OVER_BUDGET past its time).
  async listingsSitemap(origin: string, n: number): Promise<Buffer | null> {
    if (!Number.isSafeInteger(n) || n < 1 || n > 100_000) return null;
    const rows = await this.repo.activeListingsForSitemap(n - 1);
    if (rows.length === 0 && n > 1) return null;
    const bytes = await runOffThread(
      'sitemapUrlsetBytes',
      origin,
      rows.map((l) => ({
        path: `/listings/${l.id}`,
        lastmod: l.updatedAt.toISOString().slice(0, 10),
        changefreq: 'weekly',
        priority: 0.8,
      })),
    );
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }
}
