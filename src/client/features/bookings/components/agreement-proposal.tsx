import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '#client/components/ui/button.tsx';
import { formatDateTime } from '#client/lib/format.ts';
import type { Agreement, AgreementParts, AgreementVersion } from '#shared/agreement.ts';
import { changedTerms, type TemplateKey } from './agreement-terms.ts';
import { AgreementView } from './agreement-view.tsx';

type Role = 'grower' | 'host';
const acceptedBy = (role: Role) => (role === 'grower' ? 'growerAcceptedAt' : 'hostAcceptedAt');

// Which version is in force, said plainly (ADR 037): both accepted it, or who has still to.
export function AgreementStatus({ a, role }: { a: Agreement; role: Role }) {
  const { t } = useLingui();
  const v = a.version;
  const otherRole: Role = role === 'grower' ? 'host' : 'grower';
  const other = a.parts[otherRole];
  let text: string;
  // The booking's state first (ADR 045): an agreement of a booking that did not go ahead binds no one.
  if (a.state === 'void') text = t`This booking did not go ahead: its agreement is not in force.`;
  else if (a.state === 'ended') text = t`The stay is over: version ${v} was the agreement it ended under.`;
  else if (a.inForce) text = t`Version ${v} is in force: both of you accepted it.`;
  else if (!a.growerAcceptedAt && !a.hostAcceptedAt)
    text = t`Version ${v} is not in force yet: neither of you has accepted it.`;
  else if (!a[acceptedBy(role)]) text = t`Version ${v} comes into force when you accept it.`;
  else text = t`Version ${v} comes into force when ${other} accepts it.`;
  return (
    <p className="rounded-md bg-muted/60 px-3 py-2 text-sm font-medium" data-testid="agreement-in-force">
      {text}
    </p>
  );
}

function TermValue({ k, p }: { k: TemplateKey; p: AgreementParts }) {
  const { t, i18n } = useLingui();
  const v = p[k];
  if (typeof v === 'string') {
    if (v) return <p className="break-words whitespace-pre-line italic">{v}</p>;
    const usual: Record<string, string> = {
      houseRules: t`None beyond this agreement.`,
      duties: t`Garden work agreed with the host, week by week.`,
      growing: t`Vegetables, herbs, fruit and flowers; nothing invasive or illegal.`,
      accessHours: t`Access in daylight hours, arranged with the host.`,
      water: t`Water as available on site.`,
      tools: t`The grower brings their own tools.`,
    };
    return <p className="text-muted-foreground">{usual[k]}</p>;
  }
  if (typeof v === 'boolean')
    return (
      <p>
        {v
          ? t`Permanent structures are allowed.`
          : t`No permanent structures (sheds, fixed beds, greenhouses) without the host’s written consent.`}
      </p>
    );
  return <p>{i18n._(msg`${plural(v, { one: '# day', other: '# days' })}`)}</p>;
}

// A proposed version beside the one in force: each term it changes, then the whole text; the
// other side accepts it here.
export function AgreementProposal({
  a,
  proposal,
  role,
  onAccept,
  accepting,
}: {
  a: Agreement;
  proposal: AgreementVersion;
  role: Role;
  onAccept: () => void;
  accepting: boolean;
}) {
  const { t, i18n } = useLingui();
  const n = proposal.version;
  const v = a.version;
  const mine = proposal[acceptedBy(role)] !== null;
  const other = a.parts[role === 'grower' ? 'host' : 'grower'];
  const when = formatDateTime(proposal.createdAt, i18n.locale);
  const labels: Record<TemplateKey, string> = {
    houseRules: t`House rules`,
    duties: t`Duties in exchange for the space`,
    growing: t`What may be grown`,
    accessHours: t`Access hours`,
    water: t`Water`,
    tools: t`Tools`,
    structuresAllowed: t`Permanent structures`,
    growerNoticeDays: t`Notice the grower gives to end early`,
    hostNoticeDays: t`Notice the host gives to end early`,
  };
  const changes = changedTerms(a.parts, proposal.parts);
  return (
    <section
      className="no-print space-y-3 rounded-lg border border-primary/40 bg-accent/40 p-3 sm:p-4"
      data-testid="agreement-proposal"
    >
      <div className="space-y-1 text-sm">
        <h3 className="font-semibold">
          {mine ? t`You proposed version ${n} on ${when}` : t`${other} proposes version ${n} (${when})`}
        </h3>
        <p>
          {mine
            ? t`It comes into force when ${other} accepts it; until then version ${v} applies.`
            : t`It comes into force when you accept it; until then version ${v} applies.`}
        </p>
      </div>
      <div className="overflow-hidden rounded-md border border-border bg-background text-sm">
        <div className="hidden grid-cols-[10rem_1fr_1fr] gap-3 border-b border-border bg-muted/60 px-3 py-2 text-xs font-medium sm:grid">
          <span>
            <Trans>What changes</Trans>
          </span>
          <span>{t`In force: version ${v}`}</span>
          <span>{t`Proposed: version ${n}`}</span>
        </div>
        {changes.map((k) => (
          <div
            key={k}
            className="grid gap-1 border-b border-border px-3 py-2 last:border-b-0 sm:grid-cols-[10rem_1fr_1fr] sm:gap-3"
            data-testid={`change-${k}`}
          >
            <p className="font-medium">{labels[k]}</p>
            <div className="min-w-0">
              <p className="text-xs text-muted-foreground sm:hidden">{t`In force: version ${v}`}</p>
              <div className="text-muted-foreground">
                <TermValue k={k} p={a.parts} />
              </div>
            </div>
            <div className="min-w-0">
              <p className="text-xs text-muted-foreground sm:hidden">{t`Proposed: version ${n}`}</p>
              <div className="font-medium text-primary">
                <TermValue k={k} p={proposal.parts} />
              </div>
            </div>
          </div>
        ))}
      </div>
      <details className="text-sm">
        <summary className="cursor-pointer font-medium">{t`Read the whole of version ${n}`}</summary>
        <div className="mt-3 rounded-md border border-border bg-background p-3">
          <AgreementView parts={proposal.parts} version={n} acceptance={proposal} />
        </div>
      </details>
      {mine ? null : (
        <Button size="sm" onClick={onAccept} disabled={accepting}>
          <Trans>Accept version {n}</Trans>
        </Button>
      )}
    </section>
  );
}
