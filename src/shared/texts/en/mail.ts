import { PRODUCT_NAME } from '#shared/constants.ts';
import type { NotificationKind } from '#shared/notification-kinds.ts';

// The words of e-mails and notifications in English (ADR 031). Every other language's dictionary
// has this type (`MailTexts`, ../types.ts), so a missing text is a type error. Texts with values are functions;
// the values come formatted (names, titles, days, amounts, hours: see src/server/mail/lang.ts).

export const en = {
  // The e-mail layout.
  layout: {
    orOpenLink: (url: string) => `Or open this link: ${url}`,
    unsubscribe: 'Unsubscribe',
  },
  // Quoted user text (a note, a review, a message).
  quote: (text: string) => `“${text}”`,
  hours: (n: number) => `${n} ${n === 1 ? 'hour' : 'hours'}`,
  stars: (n: number) => `${n} ${n === 1 ? 'star' : 'stars'}`,

  // ---- Account e-mails ----------------------------------------------------------------------
  hello: (name: string) => `Hello ${name},`,
  validHours: (n: number) => (n === 1 ? '1 hour' : `${n} hours`),
  verify: {
    subject: 'Confirm your e-mail address',
    preheader: `One click to confirm the address of your ${PRODUCT_NAME} account.`,
    heading: 'Confirm your e-mail address',
    change: `You asked to use this address for your ${PRODUCT_NAME} account. Your account keeps its current address until you confirm this one.`,
    welcome: `Welcome to ${PRODUCT_NAME}! Please confirm that this address is yours. Until then you can browse and send messages, but you cannot publish a listing or take payments.`,
    validity: (hours: string) => `The link works once and is valid for ${hours}.`,
    action: 'Confirm my address',
    footerChange: `You get this e-mail because someone asked to use this address for a ${PRODUCT_NAME} account. If it was not you, ignore it.`,
    footerNew: `You get this e-mail because a ${PRODUCT_NAME} account was registered with this address. If it was not you, ignore it.`,
  },
  emailChange: {
    subject: 'A change of your e-mail address was requested',
    preheader: 'Your account keeps this address until the new one is confirmed.',
    heading: 'A change of your e-mail address was requested',
    body: (masked: string) =>
      `Someone signed in to your ${PRODUCT_NAME} account asked to change its e-mail address to ${masked}. The change happens only once the link sent to that address is opened.`,
    notYou: 'If this was not you, sign in and change your password now.',
    action: `Sign in to ${PRODUCT_NAME}`,
    footer: `You get this e-mail because it is the address of your ${PRODUCT_NAME} account.`,
  },
  reset: {
    subject: 'Choose a new password',
    preheader: (hours: string) => `A link to choose a new password for ${PRODUCT_NAME}, valid for ${hours}.`,
    heading: 'Choose a new password',
    body: `Someone asked to reset the password of your ${PRODUCT_NAME} account. Choose a new one with the button below: it signs you out everywhere else.`,
    validity: (hours: string) =>
      `The link works once and is valid for ${hours}. If you did not ask for it, ignore this e-mail: your password stays as it is.`,
    action: 'Choose a new password',
    footer: `You get this e-mail because a new password was requested for the ${PRODUCT_NAME} account with this address.`,
  },

  // ---- Notifications and their e-mails ------------------------------------------------------
  notificationFooter:
    'You get this e-mail because you have a Yardshare account. Choose which e-mails you get in Account Settings.',
  openInApp: 'Open in Yardshare',
  viewBooking: 'View the booking',
  seeReview: 'See the review',
  viewListing: 'View the listing',
  booking: {
    rentInvoice: (title: string, month: number, due: string) =>
      `Month ${month} of ${title} is due: pay by ${due}`,
    rentReminder: (title: string, month: number, due: string) =>
      `Reminder: month ${month} of ${title} is due on ${due}`,
    rentBody: (amount: string, lapse: string) =>
      `${amount} through the checkout on the booking page. Unpaid on ${lapse}, the stay ends when the paid time ends.`,
    rentLapsed: (title: string, end: string) => `Month unpaid: the stay at ${title} ends on ${end}`,
    rentLapsedBody: 'A month was not paid within its grace period, so the stay ends when the paid time ends.',
    weekOver: (title: string, week: string) => `Hours far over the agreement at ${title}, week of ${week}`,
    weekOverBody: (logged: string, agreed: string) =>
      `${logged} logged against ${agreed} agreed a week. Talk it over, or change the agreement.`,
    endsEarly: (name: string, title: string, end: string) =>
      `${name} ends the stay at ${title} early: it now ends ${end}`,
    agreementProposed: (name: string, title: string, _version: number) =>
      `${name} proposes a change to the agreement for ${title}`,
    agreementProposedBody: (version: number) =>
      `Version ${version} comes into force when you accept it on the booking page; until then the agreement stays as it is.`,
    endedByYardshare: (title: string) => `Yardshare ended the stay at ${title}`,
    endsEarlyBody: (reason: string) => `Reason given: ${reason}`,
    requested: (grower: string, title: string, from: string) => `${grower} requested ${title} from ${from}`,
    requestExpiresIn: (days: number) => `Accept or decline within ${days} days, or the request expires.`,
    booked: (grower: string, title: string, from: string) => `${grower} booked ${title} from ${from}`,
    bookedRental: (grower: string) => `An instant booking: it is confirmed once ${grower} pays.`,
    bookedFree: 'An instant booking: nothing to accept.',
    accepted: (host: string, title: string) => `${host} accepted your request for ${title}`,
    payWithin: (hours: number) => `Pay within ${hours} hours to keep your plot.`,
    startsOn: (from: string) => `It starts ${from}.`,
    declined: (host: string, title: string) => `${host} declined your request for ${title}`,
    declinedBody: 'Other gardens nearby may still have room.',
    withdrawn: (grower: string, title: string) => `${grower} withdrew the request for ${title}`,
    withdrawnBody: 'Nothing more to do.',
    cancelledByHost: (host: string, title: string) => `${host} cancelled your booking of ${title}`,
    cancelledByGrower: (grower: string, title: string) => `${grower} cancelled the booking of ${title}`,
    cancelledBody: (from: string) => `The booking from ${from} is cancelled.`,
    yourBookingExpired: (title: string) => `Your booking of ${title} expired`,
    yourRequestExpired: (title: string) => `Your request for ${title} expired`,
    notPaidInTime: 'It was not paid in time, so the plot is free again.',
    hostDidNotAnswer: (host: string) => `${host} did not answer in time.`,
    theirBookingExpired: (grower: string, title: string) => `${grower}'s booking of ${title} expired`,
    theirRequestExpired: (grower: string, title: string) => `${grower}'s request for ${title} expired`,
    notAnsweredInTime: 'It was not answered in time.',
    paid: (grower: string, title: string) => `${grower} paid for ${title}`,
    // The payment's hold (PAYOUT_HOLD_HOURS) as it is: no payout exists before it ends.
    paidBody: (from: string, until: string, hold: string, late: boolean) =>
      `The booking from ${from} is confirmed. The payment is held until ${until}, ${hold} after ${late ? 'it was paid' : 'the start'}; no payout is scheduled before then.`,
    paidBodyNoHold: (from: string) => `The booking from ${from} is confirmed.`,
  },
  payout: {
    scheduled: (title: string) => `Payout scheduled for ${title}`,
    scheduledBody: (amount: string, grower: string) =>
      `${amount} for ${grower}'s rental is scheduled. We will tell you as soon as it is sent.`,
    detailsNeeded: (amount: string) => `Add your payout details to receive ${amount}`,
    detailsNeededBody: (grower: string) =>
      `The payout for ${grower}'s rental is waiting for your payout details. Add a Bitcoin or Lightning address on your Earnings page and it goes out on the next run.`,
    sent: (amount: string) => `Payout sent: ${amount}`,
    sentBody: (title: string, proof: string) => `Your payout for ${title} was sent. Proof: ${proof}`,
    sentBodyNoProof: (title: string) => `Your payout for ${title} was sent.`,
    viewEarnings: 'View your earnings',
    addDetails: 'Add payout details',
  },
  payoutMethod: {
    subject: 'Your payout details were changed',
    preheader: 'Where your Yardshare payouts are sent has changed.',
    body: (destination: string) => `Your payouts will now be sent to ${destination}.`,
    hold: (hours: number) =>
      `For your safety, payouts go to the new destination only ${hours} hours after the change.`,
    firstOne: 'Payouts due to you are sent there from now on.',
    notYou:
      'If this was not you, sign in, change your password and your payout details now, and write to support.',
    action: 'Review your payout details',
    footer: `You get this e-mail because it is the address of your ${PRODUCT_NAME} account.`,
  },
  receipt: {
    title: (total: string, title: string) => `Receipt: ${total} paid for ${title}`,
    paid: (total: string, rent: string, fee: string) =>
      `You paid ${total}: ${rent} rent and a ${fee} service fee.`,
    held: (until: string) => `Yardshare holds the rent until ${until}, then pays it to the host.`,
    heldMonthly: (until: string) =>
      `Yardshare holds the rent and pays it to the host month by month, each month after its hold; the first on ${until}.`,
    reference: (ref: string) => `Payment reference: ${ref}`,
  },
  // The grow agreement's words (ADR 045): rendered by the server from the frozen parts.
  agreement: {
    title: 'Grow agreement',
    version: (version: string) => `Version ${version}`,
    licence:
      'This is a licence to use the space for growing, not a lease or tenancy: it gives no right to live there and no exclusive possession of the property.',
    parties: 'The parties',
    partiesLine: (a: string, b: string) => `Host: ${a}. Grower: ${b}.`,
    space: 'The space',
    streetAddress: (address: string) => `Street address: ${address}`,
    onePlot: (a: string) => `One plot of the ${a} in this shared garden.`,
    dates: 'Dates',
    openEnded: (start: string) => `From ${start}, open-ended`,
    rent: 'Rent',
    totalWithFee: (a: string) => `Total with the service fee: ${a}`,
    policy: (name: string, summary: string, fee: string) =>
      `${name} cancellation: ${summary} The ${fee}% fee is not refunded. If the host cancels, you get everything back.`,
    flexible: 'Flexible',
    moderate: 'Moderate',
    strict: 'Strict',
    flexibleSummary:
      'Cancel up to the day before the start for all the rent back. Later, the whole months not yet begun, after the first, are refunded.',
    moderateSummary: (days: string) =>
      `Cancel ${days}+ days before the start for all the rent back. Later, the whole months not yet begun, after the first, are refunded.`,
    strictSummary: (days: string, halfDays: string) =>
      `Cancel ${days}+ days before the start for all the rent back, or ${halfDays}+ days for all but half of the first month. Later, the whole months not yet begun, after the first and one more month of notice, are refunded.`,
    exchange: 'Work in exchange',
    hoursPerWeek: (hours: string) => `${hours} hrs per week`,
    usualDuties: 'Garden work agreed with the host, week by week.',
    growing: 'What may be grown or built',
    usualGrowing: 'Vegetables, herbs, fruit and flowers; nothing invasive or illegal.',
    structuresAllowed: 'Permanent structures are allowed.',
    noStructures:
      'No permanent structures (sheds, fixed beds, greenhouses) without the host’s written consent.',
    access: 'Access, water and tools',
    usualAccess: 'Access in daylight hours, arranged with the host.',
    usualWater: 'Water as available on site.',
    usualTools: 'The grower brings their own tools.',
    houseRules: 'House rules',
    usualRules: 'None beyond this agreement.',
    endingEarly: 'Ending early',
    notice: (gDays: string, hDays: string) =>
      `The grower may end the stay early with ${gDays} notice, the host with ${hDays} notice.`,
    refundRule: 'Rent for months not yet begun is refunded as the cancellation policy says.',
    growerRequest: 'The grower’s request',
    acceptedBy: (who: string, a: string) => `Accepted by ${who} on ${a}`,
    notAcceptedBy: (who: string) => `Not yet accepted by ${who}`,
    months: (count: number) => (count === 1 ? '1 month' : `${count} months`),
    days: (count: number) => (count === 1 ? '1 day' : `${count} days`),
  },
  refunded: (amount: string, title: string) => `Refund of ${amount} for ${title}`,
  // Said when the refund is recorded: it is then being sent, not yet arrived.
  refundBody: (amount: string) =>
    `A refund of ${amount} was recorded and is being sent back to you through the payment provider.`,
  listingReviewed: (reviewer: string, title: string) => `${reviewer} reviewed ${title}`,
  // A review whose writer has no verified stay at the listing (ADR 050): said in the host's e-mail.
  reviewWithoutStay:
    'No verified stay: this review does not come from a stay booked through Yardshare, and the listing marks it so.',
  growerReviewed: (host: string, title: string) => `${host} reviewed you for ${title}`,
  hoursLogged: (grower: string, hours: string, title: string) => `${grower} logged ${hours} at ${title}`,
  hoursLoggedBody: (day: string) => `For ${day}. Confirm or dispute them.`,
  hoursConfirmed: (host: string, hours: string, title: string) =>
    `${host} confirmed your ${hours} at ${title}`,
  hoursDisputed: (host: string, hours: string, title: string) => `${host} disputed your ${hours} at ${title}`,
  hoursConfirmedBody: (day: string) => `For ${day}.`,
  hoursDisputedBody: (day: string) => `For ${day}. Talk it over in Messages.`,
  savedSearchMatch: (search: string) => `New listing for your search “${search}”`,
  savedSearchBody: (title: string, city: string, state: string) => `${title} in ${city}, ${state}`,
  waitlistOffer: (title: string) => `A plot is free for you at ${title}`,
  waitlistOfferBody: (dates: string, until: string) =>
    `You are next on the waiting list, for ${dates}. The plot is held for you until ${until}: accept it to book it, or decline to pass it on.`,
  waitlistOfferAction: 'See the offer',
  // A grower declined an offered plot, saying why (ADR 059): to the host.
  waitlistDeclined: (grower: string, title: string) => `${grower} declined the plot offered at ${title}`,
  waitlistDeclinedBody: 'The plot goes to the next in line.',
  // A reason given with a decision (a dispute, a decline), quoted.
  reasonGiven: (reason: string) => `Reason given: ${reason}`,
  listingHidden: (title: string) => `Your listing "${title}" was hidden by Yardshare`,
  listingHiddenBody: (support: string) =>
    `It broke our rules, so it no longer shows to anyone. Questions? Write to ${support}.`,
  warning: 'A warning from Yardshare',
  warningBody: (support: string) =>
    `Please keep to our Terms of Service; accounts that keep breaking them are suspended. Questions? Write to ${support}.`,
  readTerms: 'Read the Terms',

  // ---- Messages -----------------------------------------------------------------------------
  // The notification's title; `messages` for several, with "{n}" where their number goes.
  messageSent: (name: string) => `${name} sent you a message`,
  messagesSent: (name: string) => `${name} sent you {n} messages`,
  messagesHeading: (name: string, n: number) =>
    n === 1 ? `${name} sent you a message` : `${name} sent you ${n} messages`,
  messagesSubject: (name: string, n: number) =>
    n === 1 ? `New message from ${name}` : `${n} new messages from ${name}`,
  earlierMessages: (n: number) => `…and ${n} earlier ${n === 1 ? 'message' : 'messages'}.`,
  replyTo: (name: string) => `Reply to ${name}`,

  // ---- Unsubscribe links --------------------------------------------------------------------
  unsubscribeAll: 'notification e-mails from Yardshare',
  unsubscribeKind: (label: string) => `e-mails for “${label}”`,
  unsubscribeDescribe: (scope: string) => `This link turns off ${scope}.`,
  unsubscribeDone: (scope: string) =>
    `You will no longer get ${scope}. You can turn them back on in Account Settings.`,
  // The Account Settings names of the kinds (NOTIFICATION_KIND_INFO in English).
  kinds: {
    message: 'New messages (unread after 10 minutes)',
    booking_requested: 'Booking requests and instant bookings',
    booking_accepted: 'Booking accepted',
    booking_declined: 'Booking declined',
    booking_cancelled: 'Booking cancelled',
    booking_expired: 'Booking expired',
    booking_paid: 'Booking paid',
    rent_due: 'Monthly rent due',
    payout_released: 'Payout scheduled',
    payout_sent: 'Payout sent',
    payout_details_needed: 'Payout details needed',
    payment_refunded: 'Refunds',
    payment_receipt: 'Payment receipts',
    review_received: 'Reviews you receive',
    hours_logged: 'Hours logged',
    hours_confirmed: 'Hours confirmed',
    hours_disputed: 'Hours disputed',
    saved_search_match: 'New listings matching a saved search',
    waitlist_offer: 'Plots offered from a waiting list',
    account_notice: 'Notices from Yardshare about your account',
  } satisfies Record<NotificationKind, string>,
};
