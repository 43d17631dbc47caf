import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { PencilLine, Printer } from 'lucide-react';
import { useState } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent } from '#client/components/ui/card.tsx';
import { FINAL_STATUSES } from '#shared/booking-rules.ts';
import type { Booking } from '#shared/bookings.ts';
import { agreementQuery, useAcceptAgreement } from '../api/stay.ts';
import { AgreementChangeForm } from './agreement-change.tsx';
import { AgreementProposal, AgreementStatus } from './agreement-proposal.tsx';
import { AgreementView } from './agreement-view.tsx';

// The booking's grow agreement (ADR 037): which version is in force, the version in force itself,
// a proposed change beside it (accepted by the other side here), a form to propose one, and a clean
// printed page (styles.css: .print-area is all that prints).
export function BookingAgreement({ booking: b }: { booking: Booking }) {
  const { t } = useLingui();
  const { data: a } = useQuery({ ...agreementQuery(b.id), refetchOnMount: 'always' });
  const accept = useAcceptAgreement(b.id);
  const [changing, setChanging] = useState(false);
  if (!a) return null;
  const open = !FINAL_STATUSES.includes(b.status);
  return (
    <Card id="agreement" className="print-area">
      <CardContent className="space-y-4 p-4 sm:p-6">
        <AgreementStatus a={a} role={b.role} />
        {a.proposal ? (
          <AgreementProposal
            a={a}
            proposal={a.proposal}
            role={b.role}
            onAccept={() => accept.mutate(a.proposal?.version ?? 0)}
            accepting={accept.isPending}
          />
        ) : null}
        <AgreementView
          parts={a.parts}
          version={a.version}
          acceptance={a}
          address={a.state === 'void' ? undefined : a.address}
          text={a.text}
        />
        {changing ? (
          <AgreementChangeForm bookingId={b.id} parts={a.parts} onDone={() => setChanging(false)} />
        ) : null}
        <div className="no-print flex flex-wrap gap-2">
          <Button variant="outline" size="sm" onClick={() => window.print()}>
            <Printer aria-hidden="true" /> <Trans>Print the agreement</Trans>
          </Button>
          {open && !changing ? (
            <Button variant="outline" size="sm" onClick={() => setChanging(true)}>
              <PencilLine aria-hidden="true" /> {a.proposal ? t`Propose another change` : t`Propose a change`}
            </Button>
          ) : null}
        </div>
      </CardContent>
    </Card>
  );
}
