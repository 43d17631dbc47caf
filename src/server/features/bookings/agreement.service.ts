import { and, desc, eq, isNull } from 'drizzle-orm';
import {
  type Agreement,
  type AgreementChange,
  type AgreementParts,
  type AgreementVersion,
  agreementPartsSchema,
  agreementTemplateSchema,
  DEFAULT_GROWER_NOTICE_DAYS,
  DEFAULT_HOST_NOTICE_DAYS,
} from '#shared/agreement.ts';
import { ADDRESS_STATUSES, type BookingStatus } from '#shared/booking-rules.ts';
import { FINAL_STATUSES } from '#shared/bookings.ts';
import type { Notifier } from '../../core/notifier.ts';
import type { Db, Tx } from '../../db/client.ts';
import { bookingAgreements, bookings } from '../../db/schema.ts';
import { badRequest, conflict, notFound } from '../../errors.ts';
import { type Lang, mailLang } from '../../mail/lang.ts';
import { type ListingRow, listingById } from '../listings/queries.ts';
import { userNames } from '../users/queries.ts';
import { agreementText, CURRENT_AGREEMENT_TEMPLATE } from './agreement-text.ts';
import type { BookingRow } from './bookings.view.ts';

type Reader = Pick<Db, 'select'>;
type VersionRow = typeof bookingAgreements.$inferSelect;
type Role = 'grower' | 'host';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

// The host's part of a listing's agreement, with the defaults filled in (ADR 037).
export const templateOf = (listing: Pick<ListingRow, 'agreement'>) =>
  agreementTemplateSchema.parse(listing.agreement ?? {});

// The agreement a booking gets when it is made: the listing's facts, the host's part, the request.
export function buildParts(
  listing: ListingRow,
  b: BookingRow,
  names: { host: string; grower: string },
): AgreementParts {
  const rental = b.type === 'rental';
  return {
    ...templateOf(listing),
    type: b.type,
    listingTitle: listing.title,
    place: `${listing.city}, ${listing.state}`,
    size: listing.size,
    plots: listing.plots,
    start: b.start,
    end: b.end,
    months: b.months,
    pricePerMonth: rental ? b.pricePerMonth : null,
    amount: rental ? b.amount : null,
    fee: rental ? b.fee : null,
    total: rental ? b.total : null,
    cancellationPolicy: rental ? b.cancellationPolicy : null,
    hoursPerWeek: b.type === 'exchange' ? b.hoursPerWeek : null,
    growerNote: b.note,
    host: names.host,
    grower: names.grower,
  };
}

// The names of the booking's two parties, as the agreement names them.
async function partyNames(db: Reader, b: BookingRow): Promise<{ host: string; grower: string }> {
  const names = await userNames(db, [b.hostId, b.growerId]);
  return { host: names.get(b.hostId) ?? '', grower: names.get(b.growerId) ?? '' };
}

// A version as the API answers it: its parts, and its words in the reader's language (ADR 045).
const toVersion = (r: VersionRow, lang: Lang): AgreementVersion => {
  const parts = agreementPartsSchema.parse(r.parts);
  return {
    version: r.version,
    parts,
    proposedBy: r.proposedBy,
    createdAt: r.createdAt.toISOString(),
    growerAcceptedAt: iso(r.growerAcceptedAt),
    hostAcceptedAt: iso(r.hostAcceptedAt),
    text: agreementText(parts, r.template, lang),
  };
};

const accepted = (r: VersionRow) => r.growerAcceptedAt !== null && r.hostAcceptedAt !== null;

// Version 1, in the booking's transaction: the grower accepts it by requesting; the host by
// accepting the request, or at once when the listing books instantly (the host chose that).
export async function writeFirstVersion(
  tx: Tx,
  listing: ListingRow,
  b: BookingRow,
  now: Date,
): Promise<void> {
  await tx.insert(bookingAgreements).values({
    bookingId: b.id,
    version: 1,
    parts: buildParts(listing, b, await partyNames(tx, b)),
    template: CURRENT_AGREEMENT_TEMPLATE,
    proposedBy: 'system',
    growerAcceptedAt: now,
    hostAcceptedAt: b.instant ? now : null,
    createdAt: now,
  });
}

// The host accepts version 1 with the request (one guarded UPDATE; a second stamp changes nothing).
export async function hostAcceptsFirst(tx: Tx, bookingId: number, now: Date): Promise<void> {
  await tx
    .update(bookingAgreements)
    .set({ hostAcceptedAt: now })
    .where(
      and(
        eq(bookingAgreements.bookingId, bookingId),
        eq(bookingAgreements.version, 1),
        isNull(bookingAgreements.hostAcceptedAt),
      ),
    );
}

async function versions(db: Reader, bookingId: number): Promise<VersionRow[]> {
  return db
    .select()
    .from(bookingAgreements)
    .where(eq(bookingAgreements.bookingId, bookingId))
    .orderBy(desc(bookingAgreements.version));
}

// The version in force (the newest both accepted, else version 1) and a newer pending proposal.
function current(rows: VersionRow[]): { inForce: VersionRow; proposal: VersionRow | null } {
  const inForce = rows.find(accepted) ?? rows[rows.length - 1];
  const proposal = rows[0] && rows[0].version > inForce.version ? rows[0] : null;
  return { inForce, proposal };
}

// The notice each side gives to end the stay early, from the version in force.
export async function noticeDays(db: Reader, bookingId: number) {
  const rows = await versions(db, bookingId);
  if (!rows.length) return { grower: DEFAULT_GROWER_NOTICE_DAYS, host: DEFAULT_HOST_NOTICE_DAYS };
  const p = agreementPartsSchema.parse(current(rows).inForce.parts);
  return { grower: p.growerNoticeDays, host: p.hostNoticeDays };
}

export class AgreementService {
  private db: Db;
  private notifier: Notifier;
  constructor(db: Db, notifier: Notifier) {
    this.db = db;
    this.notifier = notifier;
  }

  // Only the two parties, and operators (`operator`), read a booking's agreement; to anyone else it
  // does not exist.
  private async booking(db: Reader, id: number, userId: number, operator = false) {
    const [b] = await db.select().from(bookings).where(eq(bookings.id, id));
    if (!b) throw notFound('Booking not found', 'BOOKING_NOT_FOUND');
    const role: Role | null = b.growerId === userId ? 'grower' : b.hostId === userId ? 'host' : null;
    if (!role && !operator) throw notFound('Booking not found', 'BOOKING_NOT_FOUND');
    return { b, role };
  }

  async read(id: number, userId: number, operator = false, locale?: string): Promise<Agreement> {
    const lang = mailLang(locale);
    const { b } = await this.booking(this.db, id, userId, operator);
    const listing = await listingById(this.db, b.listingId);
    let rows = await versions(this.db, id);
    if (!rows.length) {
      // A booking made before written agreements: version 1 from the listing as it is now,
      // accepted by neither (ADR 037).
      await this.db
        .insert(bookingAgreements)
        .values({
          bookingId: id,
          version: 1,
          parts: buildParts(listing, b, await partyNames(this.db, b)),
          template: CURRENT_AGREEMENT_TEMPLATE,
          proposedBy: 'system',
        })
        .onConflictDoNothing();
      rows = await versions(this.db, id);
    }
    const { inForce, proposal } = current(rows);
    // The street address is not part of the frozen text: it is shown by who asks and when (ADR 038).
    const sees = operator || ADDRESS_STATUSES.includes(b.status);
    const state = agreementState(b.status, accepted(inForce));
    return {
      bookingId: id,
      address: sees && listing?.location ? listing.location : null,
      ...toVersion(inForce, lang),
      inForce: state === 'in_force',
      state,
      proposal: proposal ? toVersion(proposal, lang) : null,
    };
  }

  // A party proposes a new version of the host's part; its author accepts it by proposing. The
  // version number is unique per booking, so two racing proposals cannot share one.
  async propose(
    id: number,
    userId: number,
    change: AgreementChange,
    now = new Date(),
    locale?: string,
  ): Promise<Agreement> {
    await this.read(id, userId);
    await this.db.transaction(async (tx) => {
      const [locked] = await tx.select().from(bookings).where(eq(bookings.id, id)).for('update');
      const { role } = await this.booking(tx, id, userId);
      if (FINAL_STATUSES.includes(locked.status))
        throw conflict(`This booking is ${locked.status}: its agreement cannot change`, 'BAD_TRANSITION');
      const rows = await versions(tx, id);
      const { inForce } = current(rows);
      const before = agreementPartsSchema.parse(inForce.parts);
      const parts = agreementPartsSchema.parse({ ...before, ...stripUndefined(change) });
      // A version that reads as the one in force is no change (ADR 037).
      if (
        JSON.stringify(templateOf({ agreement: parts })) === JSON.stringify(templateOf({ agreement: before }))
      )
        throw badRequest('The change must differ from the version in force', 'NO_CHANGE');
      await tx.insert(bookingAgreements).values({
        bookingId: id,
        version: rows[0].version + 1,
        parts,
        template: CURRENT_AGREEMENT_TEMPLATE,
        proposedBy: role!,
        growerAcceptedAt: role === 'grower' ? now : null,
        hostAcceptedAt: role === 'host' ? now : null,
        createdAt: now,
      });
      // The other side is told: the change waits for them on the booking page.
      const version = rows[0].version + 1;
      await this.notifier.notify(tx, {
        userId: role === 'host' ? locked.growerId : locked.hostId,
        kind: 'booking_requested',
        bookingId: id,
        listingId: locked.listingId,
        link: `/bookings/${id}#agreement`,
        title: (l) => l.t.booking.agreementProposed(before[role!], before.listingTitle, version),
        body: (l) => l.t.booking.agreementProposedBody(version),
      });
    });
    return this.read(id, userId, false, locale);
  }

  // The other party accepts the pending proposal: from then on it is the version in force.
  async accept(
    id: number,
    userId: number,
    version: number,
    now = new Date(),
    locale?: string,
  ): Promise<Agreement> {
    const { role } = await this.booking(this.db, id, userId);
    const column = role === 'grower' ? 'growerAcceptedAt' : 'hostAcceptedAt';
    const [newest] = await versions(this.db, id);
    if (newest && newest.version !== version)
      throw conflict('This booking changed meanwhile; please reload', 'BAD_TRANSITION');
    const [row] = await this.db
      .update(bookingAgreements)
      .set({ [column]: now })
      .where(
        and(
          eq(bookingAgreements.bookingId, id),
          eq(bookingAgreements.version, version),
          isNull(bookingAgreements[column]),
        ),
      )
      .returning();
    if (!row) throw conflict('You already accepted this version', 'ALREADY_DECIDED');
    return this.read(id, userId, false, locale);
  }
}

const stripUndefined = <T extends object>(o: T) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));

// The words of the version in force, as paragraphs in a reader's language, for the e-mail that tells
// a party the agreement binds them (ADR 045); null while it is not in force.
export async function agreementInForceText(
  db: Reader,
  bookingId: number,
): Promise<((lang: Lang) => string[]) | null> {
  const rows = await versions(db, bookingId);
  if (!rows.length) return null;
  const { inForce } = current(rows);
  if (!accepted(inForce)) return null;
  const parts = agreementPartsSchema.parse(inForce.parts);
  return (lang) => agreementText(parts, inForce.template, lang).plain.split('\n\n');
}

// What the agreement is worth now follows the booking's state (ADR 045): a booking that did not go
// ahead binds no one, a stay that is over has ended; otherwise it is in force once both accepted.
export function agreementState(status: BookingStatus, bothAccepted: boolean): Agreement['state'] {
  if (['declined', 'withdrawn', 'expired', 'cancelled'].includes(status)) return 'void';
  if (status === 'completed') return 'ended';
  return bothAccepted ? 'in_force' : 'awaiting';
}
