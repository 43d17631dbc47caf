import { escapeHtml } from '#shared/escape-html.ts';
import type { HeadTag } from '#shared/seo.ts';

// HTML for the server's answers. One escaper for every attribute and text we write (the sitemap's
// too, which is made in #shared).
export { escapeHtml };

// The tags as HTML, each marked data-head so the client knows which ones it owns.
export function renderHeadHtml(tags: HeadTag[]): string {
  const attrs = (a: Record<string, string>) =>
    Object.entries(a)
      .map(([k, v]) => ` ${k}="${escapeHtml(v)}"`)
      .join('');
  return tags
    .map((t) => {
      if (t.tag === 'title') return `<title data-head>${escapeHtml(t.text)}</title>`;
      if (t.tag === 'script') return `<script data-head${attrs(t.attrs)}>${t.json}</script>`;
      return `<${t.tag} data-head${attrs(t.attrs)} />`;
    })
    .join('\n    ');
}
