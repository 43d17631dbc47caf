import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { todayUtc } from '#shared/booking-rules.ts';
import { createBookingSchema } from '#shared/bookings.ts';
import { firstFreeDay } from '#shared/first-free-day.ts';
import { sendMessageSchema } from '#shared/messages.ts';
import { createReviewSchema } from '#shared/reviews.ts';
import { joinWaitlistSchema } from '#shared/waitlists.ts';
import { badRequest, HttpError } from '../../errors.ts';
import { SESSION_COOKIE, type SessionUser } from '../../plugins/auth.ts';
import type { BookingsService } from '../bookings/index.ts';
import type { ListingsService } from '../listings/index.ts';
import type { MessageHub, MessagesService } from '../messages/index.ts';
import type { ReviewsService } from '../reviews/index.ts';
import type { WaitlistsService } from '../waitlists/index.ts';
import {
  acceptFormBodies,
  type FormBody,
  firstIssue,
  formBody,
  localeOf,
  notFoundReply,
  refusalPage,
  seeOther,
  toSignIn,
} from './form-page.ts';

// The listing page's and the conversation's forms as plain HTML forms (ADR 058): before (or
// without) the page's script they post here, to the page's own address, as
// application/x-www-form-urlencoded; each does what its JSON route does, through the same service
// and shared schema. Success answers 303 to the page that shows the outcome; a refusal renders the
// form's page again with the reason (the JSON API's status, never a 5xx for what it refuses). Only
// the address names the listing or the other member; a form's hidden ids are checked by the
// service exactly as the API checks them. Writes from another origin are refused before this runs
// (the security plugin's Origin check), and the session cookie is SameSite=Lax.

export type PageFormServices = {
  bookings: BookingsService;
  listings: ListingsService;
  messages: MessagesService;
  messageHub: MessageHub;
  reviews: ReviewsService;
  waitlists: WaitlistsService;
};

const ID = /^\d{1,9}$/;
// An optional number field: absent or empty is null, anything else is handed to the schema as is,
// so "abc" is refused with the API's words.
const optionalNumber = (v: string | undefined) => (v === undefined || v.trim() === '' ? null : Number(v));
const optionalText = (v: string | undefined) => (v?.trim() ? v : undefined);

function parse<T>(
  schema: {
    safeParse: (
      v: unknown,
    ) => { success: true; data: T } | { success: false; error: { issues: { message: string }[] } };
  },
  input: unknown,
): T {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw badRequest(firstIssue(parsed.error));
  return parsed.data;
}

export async function pageFormRoutes(app: FastifyInstance, services: PageFormServices) {
  acceptFormBodies(app);
  // The session, read for these page addresses as the auth plugin reads it for /api/.
  app.addHook('onRequest', async (request) => {
    const token = request.cookies[SESSION_COOKIE];
    if (!token || token.length > 100) return;
    const found = await app.sessions.lookup(token);
    if (found) {
      request.user = found.user;
      request.sessionId = found.id;
      request.viewerBlocks = found.blocks;
    }
  });
  const { bookings, listings, messages, messageHub, reviews, waitlists } = services;

  // An empty start is the first free day, as the booking card says (ADR 058).
  const startOf = async (listingId: number, value: string | undefined) => {
    if (value?.trim()) return value;
    const today = todayUtc();
    return firstFreeDay(await bookings.availability(listingId), today) ?? today;
  };

  // The listing page's three forms, told apart by their hidden `form` field.
  async function listingForm(user: SessionUser, listingId: number, body: FormBody): Promise<string> {
    const path = `/listings/${listingId}`;
    if (body.form === 'book') {
      const input = parse(createBookingSchema, {
        listingId,
        start: await startOf(listingId, body.start),
        months: optionalNumber(body.months),
        paymentPlan: optionalText(body.paymentPlan),
        note: optionalText(body.note),
      });
      const booking = await bookings.create(user.id, input);
      // An instant rental is paid at once, as the card's "Book and pay" does: to the checkout.
      if (booking.actions.includes('pay')) {
        try {
          return (await bookings.checkout(user.id, booking.id)).hostedUrl;
        } catch (err) {
          if (!(err instanceof HttpError)) throw err;
          // Payments down: the booking stands, and its page offers to pay.
        }
      }
      return `/bookings/${booking.id}`;
    }
    if (body.form === 'waitlist') {
      const input = parse(joinWaitlistSchema, {
        start: await startOf(listingId, body.start),
        months: optionalNumber(body.months),
        note: optionalText(body.note),
      });
      await waitlists.join(user.id, listingId, input);
      return path; // the page shows the place in line
    }
    if (body.form === 'review') {
      const input = parse(createReviewSchema, {
        listingId,
        rating: optionalNumber(body.rating),
        comment: body.comment?.trim() ? body.comment : null,
      });
      await reviews.upsert(user, input);
      return `${path}#reviews-heading`;
    }
    throw badRequest('Invalid request');
  }

  const onListing = async (request: FastifyRequest, reply: FastifyReply) => {
    const locale = localeOf(request);
    const { id } = request.params as { id: string };
    if (!locale || !ID.test(id)) return notFoundReply(request, reply);
    const path = `/listings/${id}`;
    if (!request.user) return toSignIn(reply, locale, path);
    try {
      const to = await listingForm(request.user, Number(id), formBody(request));
      if (/^https?:\/\//.test(to)) return reply.header('cache-control', 'no-store').redirect(to, 303);
      return seeOther(reply, locale, to);
    } catch (err) {
      return refusalPage(app, request, reply, err, locale);
    }
  };

  // "Contact Host": to the conversation about the listing, through sign-in for a visitor. The host
  // is the listing's, never the form's.
  const onContact = async (request: FastifyRequest, reply: FastifyReply) => {
    const locale = localeOf(request);
    const { id } = request.params as { id: string };
    if (!locale || !ID.test(id)) return notFoundReply(request, reply);
    const listingPath = `/listings/${id}`;
    try {
      const listing = await listings.detail(Number(id), request.user);
      const thread = `/messages/${listing.userId}?listing=${listing.id}`;
      if (!request.user) return toSignIn(reply, locale, thread);
      if (request.user.id === listing.userId)
        throw new HttpError(400, 'You cannot message yourself', 'SELF_MESSAGE');
      return seeOther(reply, locale, thread);
    } catch (err) {
      return refusalPage(app, request, reply, err, locale, listingPath);
    }
  };

  // The conversation's message box.
  const onMessage = async (request: FastifyRequest, reply: FastifyReply) => {
    const locale = localeOf(request);
    const { userId } = request.params as { userId: string };
    if (!locale || !ID.test(userId)) return notFoundReply(request, reply);
    const body = formBody(request);
    const listingId = optionalNumber(body.listingId);
    const bookingId = optionalNumber(body.bookingId);
    const thread = `/messages/${userId}${listingId !== null && ID.test(body.listingId ?? '') ? `?listing=${listingId}` : ''}`;
    if (!request.user) return toSignIn(reply, locale, thread);
    try {
      const input = parse(sendMessageSchema, {
        toUserId: Number(userId),
        content: body.content ?? '',
        ...(bookingId !== null ? { bookingId } : {}),
        ...(listingId !== null ? { listingId } : {}),
      });
      const message = await messages.send(
        request.user.id,
        input.toUserId,
        input.content,
        input.bookingId ?? null,
        input.listingId ?? null,
      );
      await messageHub
        .publishMessage(message)
        .catch((err) => request.log.warn({ err }, 'message notify failed'));
      return seeOther(reply, locale, thread);
    } catch (err) {
      return refusalPage(app, request, reply, err, locale);
    }
  };

  for (const prefix of ['', '/:lang']) {
    app.post(`${prefix}/listings/:id`, onListing);
    app.get(`${prefix}/listings/:id/contact`, onContact);
    app.post(`${prefix}/messages/:userId`, onMessage);
  }
}
