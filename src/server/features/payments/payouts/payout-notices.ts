import { eq, inArray } from 'drizzle-orm';
import type { Notifier } from '../../../core/notifier.ts';
import { displayName } from '../../../core/notifier.ts';
import type { Tx } from '../../../db/client.ts';
import { payments, payouts } from '../../../db/schema.ts';
import type { Lang } from '../../../mail/lang.ts';
import { listingTitle } from '../../listings/queries.ts';
import { userName } from '../../users/queries.ts';

// The host's notifications about payouts, each in the transaction of its state change. Before the
// provider confirms a payout, the words say "scheduled" or "waiting"; "sent" only once it is.

const clip = (s: string, n = 60) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);
const EARNINGS = '/earnings';

async function facts(tx: Tx, payoutIds: number[]) {
  if (!payoutIds.length) return [];
  return tx
    .select({
      o: payouts,
      p: payments,
      title: listingTitle(payments.listingId),
      growerName: userName(payments.renterId),
    })
    .from(payouts)
    .innerJoin(payments, eq(payments.id, payouts.paymentId))
    .where(inArray(payouts.id, payoutIds));
}

// A payout created when the hold ended: scheduled, or waiting for the host's payout details.
export async function payoutsCreated(tx: Tx, notifier: Notifier, payoutIds: number[]) {
  for (const { o, p, title, growerName } of await facts(tx, payoutIds)) {
    const waiting = o.state === 'awaiting_details';
    const who = displayName({ id: p.renterId, name: growerName });
    const t = (l: Lang) =>
      waiting ? l.t.payout.detailsNeeded(l.usd(o.amountCents)) : l.t.payout.scheduled(clip(title));
    const body = (l: Lang) =>
      waiting ? l.t.payout.detailsNeededBody(who) : l.t.payout.scheduledBody(l.usd(o.amountCents), who);
    const link = EARNINGS;
    await notifier.notify(tx, {
      userId: o.hostId,
      kind: waiting ? 'payout_details_needed' : 'payout_released',
      bookingId: p.bookingId,
      listingId: p.listingId,
      title: t,
      body,
      link,
      email: (l) => ({
        subject: t(l),
        paragraphs: [body(l)],
        action: { label: waiting ? l.t.payout.addDetails : l.t.payout.viewEarnings, url: link },
      }),
    });
  }
}

// The provider (or an operator) confirmed a payout as sent: the amount and the proof, once per
// payout the host received, naming what it covers (one batch may cover several bookings).
export async function payoutSent(tx: Tx, notifier: Notifier, payoutIds: number[]) {
  const rows = await facts(tx, payoutIds);
  if (!rows.length) return;
  const { o, p } = rows[0];
  const total = rows.reduce((sum, r) => sum + r.o.amountCents, 0);
  const titles = clip([...new Set(rows.map((r) => r.title))].join(', '));
  const t = (l: Lang) => l.t.payout.sent(l.usd(total));
  const body = (l: Lang) =>
    o.proof ? l.t.payout.sentBody(titles, o.proof) : l.t.payout.sentBodyNoProof(titles);
  await notifier.notify(tx, {
    userId: o.hostId,
    kind: 'payout_sent',
    bookingId: rows.length === 1 ? p.bookingId : null,
    listingId: p.listingId,
    title: t,
    body,
    link: EARNINGS,
    email: (l) => ({
      subject: t(l),
      paragraphs: [body(l)],
      action: { label: l.t.payout.viewEarnings, url: EARNINGS },
    }),
  });
}
