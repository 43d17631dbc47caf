import type { AgreementParts, AgreementText } from '#shared/agreement.ts';
import { POLICY_RULES } from '#shared/cancellation.ts';
import { PLATFORM_FEE_PERCENT } from '#shared/constants.ts';
import { INTL_TAGS } from '#shared/texts/format.ts';
import type { Lang } from '../../mail/lang.ts';

// The grow agreement's text (ADR 045), rendered by the server from a version's frozen parts and
// the template that version was written under, in the reader's language. A template is never
// changed once agreements use it: a new wording is a new template number, so a text both parties
// accepted reads the same for ever. What the host and the grower wrote is kept as written.

type Line = AgreementText['clauses'][number]['lines'][number];
type Clause = AgreementText['clauses'][number];
const said = (text: string): Line => ({ text, written: false });
const written = (text: string): Line => ({ text, written: true });

const dayBefore = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

function dates(p: AgreementParts, l: Lang): string {
  const fmt = (day: string, year: boolean) =>
    new Date(`${day}T00:00:00Z`).toLocaleDateString(INTL_TAGS[l.locale], {
      month: 'short',
      day: 'numeric',
      ...(year ? { year: 'numeric' } : {}),
      timeZone: 'UTC',
    });
  if (!p.end) return l.t.agreement.openEnded(fmt(p.start, true));
  const last = dayBefore(p.end);
  return `${fmt(p.start, last.slice(0, 4) !== p.start.slice(0, 4))} – ${fmt(last, true)}`;
}

function policy(p: AgreementParts, l: Lang): string | null {
  if (!p.cancellationPolicy) return null;
  const a = l.t.agreement;
  const [full, half] = POLICY_RULES[p.cancellationPolicy].tiers;
  const summary =
    p.cancellationPolicy === 'flexible'
      ? a.flexibleSummary
      : p.cancellationPolicy === 'moderate'
        ? a.moderateSummary(String(full.days))
        : a.strictSummary(String(full.days), String(half?.days ?? 0));
  return a.policy(a[p.cancellationPolicy], summary, String(PLATFORM_FEE_PERCENT));
}

// Template 1: the agreement as Yardshare first wrote it (ADR 037).
function template1(p: AgreementParts, l: Lang): Omit<AgreementText, 'template' | 'plain'> {
  const a = l.t.agreement;
  const clauses: Clause[] = [
    { id: 'parties', title: a.parties, lines: [said(a.partiesLine(p.host, p.grower))] },
    {
      id: 'space',
      title: a.space,
      lines: [
        said(`${p.listingTitle}, ${p.place}${p.size ? ` · ${p.size}` : ''}`),
        ...(p.type === 'community' ? [said(a.onePlot(String(p.plots)))] : []),
      ],
    },
    { id: 'dates', title: a.dates, lines: [said(dates(p, l))] },
  ];
  if (p.type === 'rental' && p.pricePerMonth !== null && p.total !== null) {
    const rule = policy(p, l);
    clauses.push({
      id: 'rent',
      title: a.rent,
      lines: [
        said(`${l.usd(p.pricePerMonth)} × ${a.months(p.months ?? 1)} · ${a.totalWithFee(l.usd(p.total))}`),
        ...(rule ? [said(rule)] : []),
      ],
    });
  }
  if (p.type === 'exchange')
    clauses.push({
      id: 'exchange',
      title: a.exchange,
      lines: [
        said(a.hoursPerWeek(String(p.hoursPerWeek ?? 0))),
        p.duties ? written(p.duties) : said(a.usualDuties),
      ],
    });
  clauses.push(
    {
      id: 'growing',
      title: a.growing,
      lines: [
        p.growing ? written(p.growing) : said(a.usualGrowing),
        said(p.structuresAllowed ? a.structuresAllowed : a.noStructures),
      ],
    },
    {
      id: 'access',
      title: a.access,
      lines: [
        p.accessHours ? written(p.accessHours) : said(a.usualAccess),
        p.water ? written(p.water) : said(a.usualWater),
        p.tools ? written(p.tools) : said(a.usualTools),
      ],
    },
    { id: 'rules', title: a.houseRules, lines: [p.houseRules ? written(p.houseRules) : said(a.usualRules)] },
    {
      id: 'ending',
      title: a.endingEarly,
      lines: [
        said(
          [
            a.notice(a.days(p.growerNoticeDays), a.days(p.hostNoticeDays)),
            p.type === 'rental' ? a.refundRule : '',
          ]
            .filter(Boolean)
            .join(' '),
        ),
      ],
    },
  );
  if (p.growerNote) clauses.push({ id: 'request', title: a.growerRequest, lines: [written(p.growerNote)] });
  return { locale: l.locale, title: a.title, licence: a.licence, clauses };
}

export const AGREEMENT_TEMPLATES: Record<number, typeof template1> = { 1: template1 };
// The template new agreement versions are written under.
export const CURRENT_AGREEMENT_TEMPLATE = 1;

export function agreementText(parts: AgreementParts, template: number, l: Lang): AgreementText {
  const render = AGREEMENT_TEMPLATES[template] ?? AGREEMENT_TEMPLATES[CURRENT_AGREEMENT_TEMPLATE];
  const t = render(parts, l);
  const plain = [
    t.title,
    t.licence,
    ...t.clauses.map((c) => [c.title, ...c.lines.map((x) => x.text)].join('\n')),
  ].join('\n\n');
  return { template, ...t, plain };
}
