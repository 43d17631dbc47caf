import { z } from 'zod';
import { BOOKING_MONTHS_MAX } from './booking-rules.ts';
import { isoDateSchema } from './fields.ts';
import { PAYMENT_PLANS } from './rent.ts';

// GET /api/listings/{id}/quote (ADR 045): what booking these dates would cost and charge when,
// from the function the booking itself stores its amounts with. The booking card shows only this.
export const stayQuoteQuerySchema = z.object({
  // Empty: today, as when booking.
  start: isoDateSchema('Start date').optional(),
  months: z.coerce
    .number({ error: 'Months must be a number' })
    .int('Months must be a whole number')
    .min(1, `Months must be between 1 and ${BOOKING_MONTHS_MAX}`)
    .max(BOOKING_MONTHS_MAX, `Months must be between 1 and ${BOOKING_MONTHS_MAX}`)
    .optional(),
  paymentPlan: z.enum(PAYMENT_PLANS, { error: 'Payment plan must be whole or monthly' }).optional(),
});
export type StayQuoteQuery = z.infer<typeof stayQuoteQuerySchema>;

// One charge the grower will be asked for: the first now, each later month of a monthly plan on
// the day its invoice is written (`askedOn`), due by the day its month begins.
export const stayChargeSchema = z.object({
  month: z.number().int(),
  askedOn: z.string(),
  dueBy: z.string(),
  amount: z.number().int(),
  fee: z.number().int(),
  total: z.number().int(),
});
export type StayCharge = z.infer<typeof stayChargeSchema>;

export const stayQuoteSchema = z.object({
  listingId: z.number().int(),
  type: z.enum(['rental', 'exchange', 'community']),
  start: z.string(),
  // The (exclusive) end day; null for an open-ended community plot.
  end: z.string().nullable(),
  months: z.number().int().nullable(),
  paymentPlan: z.enum(PAYMENT_PLANS),
  // Cents; all null for a stay that costs nothing.
  pricePerMonth: z.number().int().nullable(),
  amount: z.number().int().nullable(),
  fee: z.number().int().nullable(),
  feePercent: z.number(),
  total: z.number().int().nullable(),
  // Charged at checkout; 0 when nothing is paid.
  dueNow: z.number().int(),
  charges: z.array(stayChargeSchema),
  // When each month's rent would go to the host if paid now (the hold after it begins).
  releases: z.array(z.object({ month: z.number().int(), at: z.string() })),
});
export type StayQuote = z.infer<typeof stayQuoteSchema>;
