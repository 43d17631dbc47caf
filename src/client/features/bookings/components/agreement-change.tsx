import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { TextAreaField, TextField } from '#client/components/ui/field.tsx';
import {
  AGREEMENT_LINE_MAX,
  AGREEMENT_TEXT_MAX,
  type AgreementParts,
  type AgreementTemplate,
  NOTICE_DAYS_MAX,
} from '#shared/agreement.ts';
import { useProposeAgreement } from '../api/stay.ts';
import { TEMPLATE_KEYS } from './agreement-terms.ts';

type Texts = Omit<AgreementTemplate, 'structuresAllowed' | 'growerNoticeDays' | 'hostNoticeDays'>;
const LINES = ['growing', 'accessHours', 'water', 'tools'] as const;

// A party proposes a change to the host's part of a booking's agreement (ADR 037): the form starts
// from the version in force; the change is a new version, in force once the other side accepts it.
export function AgreementChangeForm({
  bookingId,
  parts,
  onDone,
}: {
  bookingId: number;
  parts: AgreementParts;
  onDone: () => void;
}) {
  const { t } = useLingui();
  const propose = useProposeAgreement(bookingId);
  const [texts, setTexts] = useState<Texts>(() => ({
    houseRules: parts.houseRules,
    duties: parts.duties,
    growing: parts.growing,
    accessHours: parts.accessHours,
    water: parts.water,
    tools: parts.tools,
  }));
  const [structures, setStructures] = useState(parts.structuresAllowed);
  const [growerDays, setGrowerDays] = useState(String(parts.growerNoticeDays));
  const [hostDays, setHostDays] = useState(String(parts.hostNoticeDays));
  const days = (s: string) => (/^\d+$/.test(s.trim()) ? Number(s.trim()) : -1);
  const next: AgreementTemplate = {
    ...texts,
    structuresAllowed: structures,
    growerNoticeDays: days(growerDays),
    hostNoticeDays: days(hostDays),
  };
  const unchanged = TEMPLATE_KEYS.every((k) =>
    typeof next[k] === 'string' ? (next[k] as string).trim() === parts[k] : next[k] === parts[k],
  );
  const badDays = [next.growerNoticeDays, next.hostNoticeDays].some((d) => d < 0 || d > NOTICE_DAYS_MAX);
  const lineLabels: Record<(typeof LINES)[number], string> = {
    growing: t`What may be grown`,
    accessHours: t`Access hours`,
    water: t`Water`,
    tools: t`Tools`,
  };
  const text = (k: keyof Texts) => ({
    value: texts[k],
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      setTexts((v) => ({ ...v, [k]: e.target.value })),
  });
  return (
    <form
      className="no-print space-y-4 rounded-lg border border-border p-4"
      aria-label={t`Propose a change to the agreement`}
      onSubmit={(e) => {
        e.preventDefault();
        if (unchanged || badDays) return;
        propose.mutate(next, { onSuccess: onDone });
      }}
    >
      <div className="space-y-1">
        <h3 className="font-semibold">
          <Trans>Propose a change</Trans>
        </h3>
        <p className="text-xs text-muted-foreground">
          <Trans>
            The change becomes a new version of the agreement. You accept it by proposing it; it comes into
            force once the other side accepts it. Until then the version in force applies. Leave a line empty
            for the usual wording.
          </Trans>
        </p>
      </div>
      <TextAreaField
        id="change-houseRules"
        label={t`House rules`}
        rows={3}
        maxLength={AGREEMENT_TEXT_MAX}
        {...text('houseRules')}
      />
      {parts.type === 'exchange' ? (
        <TextAreaField
          id="change-duties"
          label={t`Duties in exchange for the space`}
          rows={3}
          maxLength={AGREEMENT_TEXT_MAX}
          {...text('duties')}
        />
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        {LINES.map((k) => (
          <TextField
            key={k}
            id={`change-${k}`}
            label={lineLabels[k]}
            maxLength={AGREEMENT_LINE_MAX}
            {...text(k)}
          />
        ))}
        <TextField
          id="change-growerNoticeDays"
          label={t`Notice the grower gives to end early (days)`}
          type="number"
          min={0}
          max={NOTICE_DAYS_MAX}
          inputMode="numeric"
          value={growerDays}
          onChange={(e) => setGrowerDays(e.target.value)}
        />
        <TextField
          id="change-hostNoticeDays"
          label={t`Notice the host gives to end early (days)`}
          type="number"
          min={0}
          max={NOTICE_DAYS_MAX}
          inputMode="numeric"
          value={hostDays}
          onChange={(e) => setHostDays(e.target.value)}
        />
      </div>
      <label className="flex items-start gap-2 text-sm">
        <input
          type="checkbox"
          className="mt-1 h-4 w-4"
          checked={structures}
          onChange={(e) => setStructures(e.target.checked)}
        />
        <span>
          <Trans>Growers may build permanent structures (sheds, fixed beds, greenhouses)</Trans>
        </span>
      </label>
      {badDays ? (
        <p className="text-sm text-destructive" role="alert">
          {t`Notice must be a whole number of days from 0 to ${NOTICE_DAYS_MAX}.`}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={unchanged || badDays || propose.isPending}>
          <Trans>Propose this version</Trans>
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={onDone}>
          <Trans>Keep the agreement as it is</Trans>
        </Button>
      </div>
    </form>
  );
}
