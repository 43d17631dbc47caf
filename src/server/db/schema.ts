// One schema for PGlite and PostgreSQL, a file per area. Migrations in drizzle/ are generated
// from it (npm run db:generate).
export * from './schema/accounts.ts';
export * from './schema/bookings.ts';
export * from './schema/calendars.ts';
export * from './schema/listings.ts';
export * from './schema/messages.ts';
export * from './schema/moderation.ts';
export * from './schema/notifications.ts';
export * from './schema/payments.ts';
export * from './schema/payouts.ts';
export * from './schema/reviews.ts';
export * from './schema/saved.ts';
export * from './schema/waitlists.ts';
