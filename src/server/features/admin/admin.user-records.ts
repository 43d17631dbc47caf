import { and, count, desc, eq, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditLog, bookings, listings, messages, payments, reports } from '../../db/schema.ts';

const DETAIL_MAX = 200;
const total = (rows: { n: number }[]) => Number(rows[0]?.n ?? 0);

// Everything of one user the console's user page shows, DETAIL_MAX of each at the most.
export async function userRecords(db: Db, id: number) {
  const [listingRows, bookingRows, paymentRows, about, by, warnings, flagged] = await Promise.all([
    db
      .select()
      .from(listings)
      .where(eq(listings.userId, id))
      .orderBy(desc(listings.createdAt))
      .limit(DETAIL_MAX),
    db
      .select({ b: bookings, title: listings.title })
      .from(bookings)
      .innerJoin(listings, eq(listings.id, bookings.listingId))
      .where(or(eq(bookings.growerId, id), eq(bookings.hostId, id)))
      .orderBy(desc(bookings.createdAt), desc(bookings.id))
      .limit(DETAIL_MAX),
    db
      .select()
      .from(payments)
      .where(or(eq(payments.renterId, id), eq(payments.hostId, id)))
      .orderBy(desc(payments.createdAt), desc(payments.id))
      .limit(DETAIL_MAX),
    db
      .select()
      .from(reports)
      .where(eq(reports.subjectUserId, id))
      .orderBy(desc(reports.createdAt), desc(reports.id))
      .limit(DETAIL_MAX),
    db
      .select()
      .from(reports)
      .where(eq(reports.reporterId, id))
      .orderBy(desc(reports.createdAt), desc(reports.id))
      .limit(DETAIL_MAX),
    db
      .select({ n: count() })
      .from(auditLog)
      .where(and(eq(auditLog.subjectType, 'user'), eq(auditLog.subjectId, id), eq(auditLog.action, 'warn'))),
    db
      .select({ n: count() })
      .from(messages)
      .where(and(eq(messages.fromUserId, id), eq(messages.paymentFlag, true))),
  ]);
  return {
    listingRows,
    bookingRows,
    paymentRows,
    about,
    by,
    warnings: total(warnings),
    flaggedMessages: total(flagged),
  };
}
