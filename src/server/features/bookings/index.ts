// The bookings feature's public face (ADR 035): the booking process (ADR 016), its jobs, and what
// payments and listings need of it.

export { AgreementService, agreementInForceText } from './agreement.service.ts';
export { completeDue, expireDue, startDue } from './bookings.jobs.ts';
export { bookingsRoutes } from './bookings.routes.ts';
export { type BookingPayments, BookingsService, NO_PLOT_FREE, noPayments } from './bookings.service.ts';
export { type BookingRow, toBooking } from './bookings.view.ts';
export { holdsPlot, inSeason, monthsTouched, plotsInUse } from './capacity.ts';
export { EndEarly } from './end-early.ts';
export { HoursService } from './hours.service.ts';
export { notifyBothParties } from './stay-notices.ts';
export { stayersOf, stayOf } from './stays.ts';
