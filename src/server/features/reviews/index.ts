// The reviews feature's public face (ADR 035): reviews of listings and of growers (ADR 006, 018).
export { BookingReviewsService } from './booking-reviews.service.ts';
export { reviewsRoutes } from './reviews.routes.ts';
export { ReviewsService } from './reviews.service.ts';
