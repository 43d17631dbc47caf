import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { policyText } from '#client/lib/cancellation-text.ts';
import { formatDateTime, formatMoney } from '#client/lib/format.ts';
import type { AgreementParts, AgreementText } from '#shared/agreement.ts';
import { formatDates, hoursPerWeekText, monthsText } from './booking-format.ts';

// The grow agreement (ADR 037) in the reader's language: the generated parts are worded here; what
// the host and the grower wrote is shown as they wrote it.

function Clause({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="break-inside-avoid space-y-1">
      <h3 className="text-sm font-semibold">{title}</h3>
      <div className="text-sm leading-relaxed">{children}</div>
    </section>
  );
}

// Words a person wrote: kept as written, line breaks and all.
const Written = ({ text }: { text: string }) => (
  <p className="break-words whitespace-pre-line border-l-2 border-primary/40 pl-3 italic">{text}</p>
);

export type Acceptance = { growerAcceptedAt: string | null; hostAcceptedAt: string | null };

export function AgreementView({
  parts: p,
  version,
  acceptance,
  address,
  text,
}: {
  parts: AgreementParts;
  version?: number;
  acceptance?: Acceptance;
  // A booking's agreement: the street address, or null while the booking is not yet accepted or
  // paid (ADR 038); a preview has none.
  address?: string | null;
  // A booking's agreement: the words the server rendered (ADR 045), shown as they are. A preview,
  // before any booking, words the parts here.
  text?: AgreementText;
}) {
  if (text)
    return <ServerText p={p} text={text} version={version} acceptance={acceptance} address={address} />;
  return <PreviewText p={p} version={version} acceptance={acceptance} address={address} />;
}

function AddressLine({ address }: { address?: string | null }) {
  const { t } = useLingui();
  if (address)
    return <p className="break-words" data-testid="agreement-address">{t`Street address: ${address}`}</p>;
  if (address === null)
    return (
      <p className="text-muted-foreground" data-testid="agreement-address">
        <Trans>The street address is shared once the host accepts the booking.</Trans>
      </p>
    );
  return null;
}

function Signatures({ p, acceptance }: { p: AgreementParts; acceptance?: Acceptance }) {
  const { t, i18n } = useLingui();
  if (!acceptance) return null;
  const signed = (who: string, at: string | null) =>
    at ? t`Accepted by ${who} on ${formatDateTime(at, i18n.locale)}` : t`Not yet accepted by ${who}`;
  return (
    <footer className="space-y-0.5 border-t border-border pt-3 text-sm text-muted-foreground">
      <p>{signed(p.grower, acceptance.growerAcceptedAt)}</p>
      <p>{signed(p.host, acceptance.hostAcceptedAt)}</p>
    </footer>
  );
}

// The words both sides accepted, as the server rendered them from the frozen parts.
function ServerText({
  p,
  text,
  version,
  acceptance,
  address,
}: {
  p: AgreementParts;
  text: AgreementText;
  version?: number;
  acceptance?: Acceptance;
  address?: string | null;
}) {
  const { t } = useLingui();
  return (
    <article className="agreement space-y-4" data-testid="agreement" lang={text.locale}>
      <header className="space-y-1">
        <h2 className="text-xl font-bold">
          {text.title}
          {version ? (
            <span className="ml-2 text-sm font-normal text-muted-foreground">{t`Version ${version}`}</span>
          ) : null}
        </h2>
        <p className="text-sm font-medium" data-testid="agreement-licence">
          {text.licence}
        </p>
      </header>
      {text.clauses.map((c) => (
        <Clause key={c.id} title={c.title}>
          {c.lines.map((line, i) =>
            line.written ? (
              // biome-ignore lint/suspicious/noArrayIndexKey: a clause's lines are fixed and ordered
              <Written key={i} text={line.text} />
            ) : (
              // biome-ignore lint/suspicious/noArrayIndexKey: a clause's lines are fixed and ordered
              <p key={i} data-testid={c.id === 'ending' ? 'agreement-notice' : undefined}>
                {line.text}
              </p>
            ),
          )}
          {c.id === 'space' ? <AddressLine address={address} /> : null}
        </Clause>
      ))}
      <Signatures p={p} acceptance={acceptance} />
    </article>
  );
}

function PreviewText({
  p,
  version,
  acceptance,
  address,
}: {
  p: AgreementParts;
  version?: number;
  acceptance?: Acceptance;
  address?: string | null;
}) {
  const { t, i18n } = useLingui();
  const locale = i18n.locale;
  const dates = formatDates(p, i18n);
  const gDays = i18n._(msg`${plural(p.growerNoticeDays, { one: '# day', other: '# days' })}`);
  const hDays = i18n._(msg`${plural(p.hostNoticeDays, { one: '# day', other: '# days' })}`);
  return (
    <article className="agreement space-y-4" data-testid="agreement">
      <header className="space-y-1">
        <h2 className="text-xl font-bold">
          <Trans>Grow agreement</Trans>
          {version ? (
            <span className="ml-2 text-sm font-normal text-muted-foreground">{t`Version ${version}`}</span>
          ) : null}
        </h2>
        <p className="text-sm font-medium" data-testid="agreement-licence">
          <Trans>
            This is a licence to use the space for growing, not a lease or tenancy: it gives no right to live
            there and no exclusive possession of the property.
          </Trans>
        </p>
      </header>
      <Clause title={t`The parties`}>
        <p>{t`Host: ${p.host}. Grower: ${p.grower}.`}</p>
      </Clause>
      <Clause title={t`The space`}>
        <p className="break-words">
          {p.listingTitle}, {p.place}
          {p.size ? ` · ${p.size}` : ''}
        </p>
        <AddressLine address={address} />
        {p.type === 'community' ? <p>{t`One plot of the ${p.plots} in this shared garden.`}</p> : null}
      </Clause>
      <Clause title={t`Dates`}>
        <p>{dates}</p>
      </Clause>
      {p.type === 'rental' && p.pricePerMonth !== null && p.total !== null ? (
        <Clause title={t`Rent`}>
          <p>
            {formatMoney(p.pricePerMonth, locale)} × {monthsText(p.months ?? 1, i18n)} ·{' '}
            {t`Total with the service fee: ${formatMoney(p.total, locale)}`}
          </p>
          {p.cancellationPolicy ? (
            <p className="text-muted-foreground">{policyText(p.cancellationPolicy, i18n)}</p>
          ) : null}
        </Clause>
      ) : null}
      {p.type === 'exchange' ? (
        <Clause title={t`Work in exchange`}>
          <p>{hoursPerWeekText(p.hoursPerWeek ?? 0, i18n)}</p>
          {p.duties ? (
            <Written text={p.duties} />
          ) : (
            <p>{t`Garden work agreed with the host, week by week.`}</p>
          )}
        </Clause>
      ) : null}
      <Clause title={t`What may be grown or built`}>
        {p.growing ? (
          <Written text={p.growing} />
        ) : (
          <p>{t`Vegetables, herbs, fruit and flowers; nothing invasive or illegal.`}</p>
        )}
        <p>
          {p.structuresAllowed
            ? t`Permanent structures are allowed.`
            : t`No permanent structures (sheds, fixed beds, greenhouses) without the host’s written consent.`}
        </p>
      </Clause>
      <Clause title={t`Access, water and tools`}>
        {p.accessHours ? (
          <Written text={p.accessHours} />
        ) : (
          <p>{t`Access in daylight hours, arranged with the host.`}</p>
        )}
        {p.water ? <Written text={p.water} /> : <p>{t`Water as available on site.`}</p>}
        {p.tools ? <Written text={p.tools} /> : <p>{t`The grower brings their own tools.`}</p>}
      </Clause>
      <Clause title={t`House rules`}>
        {p.houseRules ? <Written text={p.houseRules} /> : <p>{t`None beyond this agreement.`}</p>}
      </Clause>
      <Clause title={t`Ending early`}>
        <p data-testid="agreement-notice">
          {t`The grower may end the stay early with ${gDays} notice, the host with ${hDays} notice.`}{' '}
          {p.type === 'rental'
            ? t`Rent for months not yet begun is refunded as the cancellation policy says.`
            : null}
        </p>
      </Clause>
      {p.growerNote ? (
        <Clause title={t`The grower’s request`}>
          <Written text={p.growerNote} />
        </Clause>
      ) : null}
      <Signatures p={p} acceptance={acceptance} />
    </article>
  );
}
