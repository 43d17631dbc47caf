import { describe, expect, it } from 'vitest';
import { LOCALES } from '#shared/i18n.ts';
import { TEXTS } from '#shared/texts/all.ts';
import { mailLang } from './lang.ts';
import { renderEmail } from './templates.tsx';

// Every word the server writes, in every language, against a snapshot (words.snap.txt): the
// e-mail and notification texts and the head texts walked key by key (a text with values is called
// with sample values, as strings and as numbers), the API message tables as they are, and one
// rendered e-mail per language. Moving or regrouping the tables must leave this file unchanged.
const SAMPLES: unknown[][] = [
  ['‹a›', '‹b›', '‹c›', '‹d›', '‹e›'],
  [1, 2, 3, 4, 5],
  [2.5, 0, 12, 100, 1],
];

function walk(value: unknown): unknown {
  if (typeof value === 'function')
    return SAMPLES.map((args) => {
      try {
        return walk(value(...args));
      } catch (e) {
        return `throws: ${(e as Error).message}`;
      }
    });
  if (Array.isArray(value)) return value.map(walk);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([k, v]) => [k, walk(v)]),
    );
  return value;
}

describe('the words the server writes', () => {
  it('stay the same in every language', async () => {
    const words = Object.fromEntries(
      LOCALES.map((l) => {
        const lang = mailLang(l);
        const t = lang.t;
        const email = renderEmail(
          {
            preheader: t.verify.preheader,
            heading: t.verify.heading,
            paragraphs: [t.hello('Ana'), t.verify.welcome, t.verify.validity(t.validHours(24))],
            action: {
              label: t.verify.action,
              url: lang.url('https://yardshare.test', '/verify-email?token=x'),
            },
            footer: t.verify.footerNew,
            unsubscribeUrl: lang.url('https://yardshare.test', '/unsubscribe?token=y'),
          },
          lang,
        );
        return [
          l,
          {
            mail: walk(TEXTS[l].mail),
            heads: walk(TEXTS[l].heads),
            api: l === 'en' ? null : TEXTS[l].api,
            format: {
              day: lang.day('2026-03-01'),
              at: lang.at(new Date('2026-03-02T12:00:00Z')),
              usd: lang.usd(1250),
            },
            email,
          },
        ];
      }),
    );
    await expect(`${JSON.stringify(words, null, 1)}\n`).toMatchFileSnapshot('./__snapshots__/words.snap.txt');
  });
});
