// Every table belongs to exactly one module (ADR 053): a server feature (src/server/features/<name>)
// or the e-mail outbox (src/server/mail) or the job runner (src/server/jobs). Only the owner's files
// query the table; every other module reads or writes it through the owner's faces: a query
// function or SQL fragment of features/<owner>/queries.ts, or a method of its service.
// npm test fails on a table without an owner here and on any query of a table outside its owner
// (scripts/check-boundaries.mjs).
export const TABLE_OWNERS = {
  users: 'users',
  sessions: 'auth',
  rate_events: 'auth',
  account_tokens: 'auth',
  contact_messages: 'account',
  uploads: 'uploads',
  upload_blobs: 'uploads',
  upload_variants: 'uploads',
  listings: 'listings',
  search_words: 'listings',
  bookings: 'bookings',
  booking_events: 'bookings',
  hours_entries: 'bookings',
  booking_agreements: 'bookings',
  calendar_feeds: 'calendars',
  calendar_imports: 'calendars',
  listing_blocks: 'calendars',
  waitlists: 'waitlists',
  waitlist_entries: 'waitlists',
  waitlist_offers: 'waitlists',
  messages: 'messages',
  reviews: 'reviews',
  booking_reviews: 'reviews',
  saved_listings: 'saved',
  saved_searches: 'saved',
  reports: 'reports',
  blocks: 'blocks',
  audit_log: 'admin',
  notifications: 'notifications',
  notification_prefs: 'notifications',
  payments: 'payments',
  payment_events: 'payments',
  rent_invoices: 'payments',
  sandbox_records: 'payments',
  payout_methods: 'payments',
  payout_batches: 'payments',
  payouts: 'payments',
  ledger_entries: 'payments',
  mail_outbox: 'mail',
  app_secrets: 'mail',
} as const satisfies Record<string, string>;

export type TableOwner = (typeof TABLE_OWNERS)[keyof typeof TABLE_OWNERS];
