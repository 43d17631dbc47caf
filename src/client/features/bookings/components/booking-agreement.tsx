import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Printer } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent } from '#client/components/ui/card.tsx';
import type { Booking } from '#shared/bookings.ts';
import { agreementQuery, useAcceptAgreement } from '../api/stay.ts';
import { AgreementView } from './agreement-view.tsx';

// The booking's grow agreement (ADR 037): the version in force, a change waiting for this reader's
// acceptance, and a clean printed page (styles.css: .print-area is all that prints).
export function BookingAgreement({ booking: b }: { booking: Booking }) {
  const { t } = useLingui();
  const { data: a } = useQuery({ ...agreementQuery(b.id), refetchOnMount: 'always' });
  const accept = useAcceptAgreement(b.id);
  if (!a) return null;
  const mine = b.role === 'grower' ? 'growerAcceptedAt' : 'hostAcceptedAt';
  const proposal = a.proposal && a.proposal[mine] === null ? a.proposal : null;
  return (
    <Card id="agreement" className="print-area">
      <CardContent className="space-y-4 p-4 sm:p-6">
        <AgreementView parts={a.parts} version={a.version} acceptance={a} address={a.address} />
        {proposal ? (
          <div className="no-print space-y-2 rounded-lg bg-accent/50 p-3 text-sm">
            <p>{t`A new version (${proposal.version}) of this agreement waits for your acceptance.`}</p>
            <Button size="sm" onClick={() => accept.mutate(proposal.version)} disabled={accept.isPending}>
              <Trans>Accept version {proposal.version}</Trans>
            </Button>
          </div>
        ) : null}
        <Button variant="outline" size="sm" className="no-print" onClick={() => window.print()}>
          <Printer aria-hidden="true" /> <Trans>Print the agreement</Trans>
        </Button>
      </CardContent>
    </Card>
  );
}
