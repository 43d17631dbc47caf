import { z } from 'zod';
import { DEFAULT_GROWER_NOTICE_DAYS, DEFAULT_HOST_NOTICE_DAYS } from './agreement-defaults.ts';
import { CANCELLATION_POLICIES } from './cancellation.ts';
import { isoDateSchema, text } from './fields.ts';

// The grow agreement (ADR 037): the host's part, written once per listing, and the agreement each
// booking gets from it and from the request, frozen and versioned.

export const AGREEMENT_TEXT_MAX = 2000;
export const AGREEMENT_LINE_MAX = 300;
export const NOTICE_DAYS_MAX = 180;
export {
  DEFAULT_AGREEMENT,
  DEFAULT_GROWER_NOTICE_DAYS,
  DEFAULT_HOST_NOTICE_DAYS,
} from './agreement-defaults.ts';

const long = (label: string) =>
  text(label).trim().max(AGREEMENT_TEXT_MAX, `${label} must be at most ${AGREEMENT_TEXT_MAX} characters`);
const line = (label: string) =>
  text(label).trim().max(AGREEMENT_LINE_MAX, `${label} must be at most ${AGREEMENT_LINE_MAX} characters`);
const noticeDays = (label: string) =>
  z
    .number({ error: `${label} must be a whole number of days` })
    .int(`${label} must be a whole number of days`)
    .min(0, `${label} must be between 0 and ${NOTICE_DAYS_MAX} days`)
    .max(NOTICE_DAYS_MAX, `${label} must be between 0 and ${NOTICE_DAYS_MAX} days`);

// The host's part, each field as sent (no defaults: a change names only what changes).
const templateFields = {
  houseRules: long('House rules'),
  // What the grower does in a work exchange.
  duties: long('Duties'),
  // What may be grown (empty: vegetables, herbs, fruit and flowers; nothing invasive or illegal).
  growing: line('What may be grown'),
  accessHours: line('Access hours'),
  water: line('Water'),
  tools: line('Tools'),
  // Permanent structures (sheds, raised beds fixed to the ground, greenhouses): no unless the host says so.
  structuresAllowed: z.boolean({ error: 'Permanent structures must be yes or no' }),
  growerNoticeDays: noticeDays('Grower notice'),
  hostNoticeDays: noticeDays('Host notice'),
};

// The host's part with its defaults. An empty text means the default the agreement states in the
// reader's language.
export const agreementTemplateSchema = z.object({
  houseRules: templateFields.houseRules.default(''),
  duties: templateFields.duties.default(''),
  growing: templateFields.growing.default(''),
  accessHours: templateFields.accessHours.default(''),
  water: templateFields.water.default(''),
  tools: templateFields.tools.default(''),
  structuresAllowed: templateFields.structuresAllowed.default(false),
  growerNoticeDays: templateFields.growerNoticeDays.default(DEFAULT_GROWER_NOTICE_DAYS),
  hostNoticeDays: templateFields.hostNoticeDays.default(DEFAULT_HOST_NOTICE_DAYS),
});
export type AgreementTemplate = z.output<typeof agreementTemplateSchema>;
export type AgreementTemplateInput = z.input<typeof agreementTemplateSchema>;

// A booking's agreement: the host's part as it was when the booking was made (or as changed by a
// later version), and the facts of the listing and the request. The texts people wrote stay as
// written; the rest is put into words in the reader's language.
export const agreementPartsSchema = agreementTemplateSchema.extend({
  type: z.enum(['rental', 'exchange', 'community']),
  listingTitle: z.string(),
  place: z.string(),
  size: z.string().nullable(),
  plots: z.number().int(),
  start: z.string(),
  end: z.string().nullable(),
  months: z.number().int().nullable(),
  pricePerMonth: z.number().int().nullable(),
  amount: z.number().int().nullable(),
  fee: z.number().int().nullable(),
  total: z.number().int().nullable(),
  cancellationPolicy: z.enum(CANCELLATION_POLICIES).nullable(),
  hoursPerWeek: z.number().int().nullable(),
  growerNote: z.string().nullable(),
  host: z.string(),
  grower: z.string(),
});
export type AgreementParts = z.infer<typeof agreementPartsSchema>;

// The agreement's words (ADR 045), rendered by the server from a version's parts and its
// template, in the reader's language; `written` lines are what a person wrote, kept as written.
export const agreementTextSchema = z.object({
  template: z.number().int(),
  locale: z.string(),
  title: z.string(),
  licence: z.string(),
  clauses: z.array(
    z.object({
      // Which clause: parties, space, dates, rent, exchange, growing, access, rules, ending, request.
      id: z.string(),
      title: z.string(),
      lines: z.array(z.object({ text: z.string(), written: z.boolean() })),
    }),
  ),
  // The whole text, plain: for the e-mail and for anyone reading the API.
  plain: z.string(),
});
export type AgreementText = z.infer<typeof agreementTextSchema>;

const versionSchema = z.object({
  version: z.number().int(),
  parts: agreementPartsSchema,
  proposedBy: z.enum(['grower', 'host', 'system']),
  createdAt: z.string(),
  // Null until that party accepted this version.
  growerAcceptedAt: z.string().nullable(),
  hostAcceptedAt: z.string().nullable(),
  // The words both sides accept (absent in a preview, which has no version yet).
  text: agreementTextSchema.optional(),
});
export type AgreementVersion = z.infer<typeof versionSchema>;

// GET /api/bookings/{id}/agreement: the version in force (the newest both accepted, else the
// first), and a later version one side proposed and the other has not yet accepted.
export const agreementSchema = versionSchema.extend({
  bookingId: z.number().int(),
  // The space's street address (ADR 038): to the two parties once the booking is accepted or paid
  // (ADDRESS_STATUSES), to operators always; null before that (the parts say city and state only).
  address: z.string().nullable(),
  // Both sides accepted this version, and the booking went ahead (ADR 045: it follows the
  // booking's one state).
  inForce: z.boolean(),
  // in_force; awaiting (a side has still to accept); ended (the stay is over); void (the booking was
  // declined, withdrawn, expired or cancelled: the agreement never binds anyone).
  state: z.enum(['in_force', 'awaiting', 'ended', 'void']),
  proposal: versionSchema.nullable(),
});
export type Agreement = z.infer<typeof agreementSchema>;

// A change: the host's part as it should read from now on (a new version, accepted by its author).
export const agreementChangeSchema = z.object(templateFields).partial();
export type AgreementChange = z.input<typeof agreementChangeSchema>;

export const agreementAcceptSchema = z.object({
  version: z
    .number({ error: 'Version must be a number' })
    .int('Version must be a whole number')
    .positive('Version must be a positive number'),
});

// POST /api/bookings/{id}/end-early: the new (exclusive) end, and why.
export const endEarlySchema = z.object({
  endDate: isoDateSchema('End date'),
  reason: text('Reason')
    .trim()
    .min(1, 'Say why the stay ends early')
    .max(AGREEMENT_LINE_MAX, `Reason must be at most ${AGREEMENT_LINE_MAX} characters`),
});
export type EndEarlyInput = z.infer<typeof endEarlySchema>;

// A host's cancellations, for the operator console: three in twelve months queue their listings.
export const hostCancellationsSchema = z.object({
  last12Months: z.number().int(),
  total: z.number().int(),
});
export type HostCancellations = z.infer<typeof hostCancellationsSchema>;

// A work-exchange week far over the agreement (ADR 037): logged hours more than half again the
// agreed hours per week. Such a week is flagged to both in the ledger, and each is notified once.
export const HOURS_OVER_FACTOR = 1.5;
export const farOver = (logged: number, agreed: number) => agreed > 0 && logged > agreed * HOURS_OVER_FACTOR;
