// The waitlists feature's public face (ADR 049): waiting lists for full listings, their offers and
// the job that makes them.
export { OFFERS_JOB, offerDue } from './offers.ts';
export { waitlistsRoutes } from './waitlists.routes.ts';
export { PLOT_FREE, WaitlistsService } from './waitlists.service.ts';
export { watchBookings } from './watch.ts';
