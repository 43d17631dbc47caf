// The words of the page heads in English (ADR 031): titles, descriptions and keywords of every
// page the server gives a head to. The other languages' files have the same shape (HeadTexts).
import type { HeadTexts } from '../types.ts';

const DESCRIPTION =
  'Yardshare connects people who have growing space with people who want to grow food: rent a plot, trade work for space or join a community garden.';
const KEYWORDS = [
  'yardshare',
  'yard sharing',
  'garden sharing',
  'community garden',
  'garden plot rental',
  'work exchange',
  'grow food',
];

export const en: HeadTexts = {
  defaultDescription: DESCRIPTION,
  defaultKeywords: KEYWORDS,
  defaultImageAlt: 'Yardshare: share land, grow food',
  pages: {
    '/': { title: 'Share land, grow food', description: DESCRIPTION, keywords: KEYWORDS },
    '/how-it-works': {
      title: 'How it works',
      description:
        'Rent a plot, trade a few hours of work for space, or join a free community garden. See how hosting and growing on Yardshare work, step by step.',
      keywords: [
        'how yardshare works',
        'rent a garden plot',
        'garden work exchange',
        'host a garden',
        'community garden',
      ],
    },
    '/our-mission': {
      title: 'Our mission',
      description:
        'Yardshare puts idle yards, gardens and farmland to work growing food for the people around them. Read our vision, our values and the impact we seek.',
      keywords: [
        'yardshare mission',
        'urban agriculture',
        'food security',
        'land sharing',
        'community gardening',
      ],
    },
    '/community-stories': {
      title: 'Community stories',
      description:
        'Hosts and growers share what opening a yard, trading work for space and joining a community garden through Yardshare has meant to them.',
      keywords: [
        'yardshare stories',
        'garden host stories',
        'grower testimonials',
        'community garden stories',
      ],
    },
    '/contact': {
      title: 'Contact us',
      description:
        'Questions about hosting, growing, payments or safety? Write to the Yardshare team, call us, or find our office address. We answer every message.',
      keywords: ['contact yardshare', 'yardshare support', 'yardshare help'],
    },
    '/terms': {
      title: 'Terms of Service',
      description:
        'The rules for using Yardshare as a Host or a Grower: accounts, fees, cancellations, prohibited activities, liability and the law that applies.',
      keywords: [
        'yardshare terms of service',
        'safety guidelines',
        'host responsibilities',
        'grower responsibilities',
      ],
    },
    '/privacy-policy': {
      title: 'Privacy Policy',
      description:
        'What personal data Yardshare collects, how we use and share it, how long we keep it, and the choices and rights you have, including California rights.',
      keywords: ['yardshare privacy policy', 'personal data', 'california privacy rights'],
    },
    '/blog': {
      title: 'Blog',
      description:
        'Stories, guides and ideas on yardsharing, community gardens, work exchanges and growing food wherever you live, from the Yardshare team.',
      keywords: ['yardsharing blog', 'gardening blog', 'urban farming', 'community gardens'],
    },
    '/resources': {
      title: 'Growing resources',
      description:
        'Guides for growers and hosts: soil and planting, sharing agreements, seasonal planning, and the partner organisations that help shared gardens grow.',
      keywords: ['gardening guides', 'growing resources', 'garden sharing agreement', 'seed library'],
    },
    '/auth': {
      title: 'Sign in or join',
      description: 'Sign in to Yardshare or create a free account to list land or find a place to grow.',
    },
    '/create-listing': {
      title: 'List Your Growing Space',
      description: 'Share your yard, garden or farm with growers near you.',
    },
    '/profile': { title: 'Your profile', description: 'Your listings and account settings.' },
    '/messages': { title: 'Messages', description: 'Your conversations with hosts and growers.' },
    '/bookings': {
      title: 'Your bookings',
      description: 'The growing spaces you booked and the bookings of your spaces on Yardshare.',
    },
    '/notifications': {
      title: 'Notifications',
      description: 'What happened on your bookings, messages and reviews.',
    },
    '/saved': { title: 'Saved', description: 'The growing spaces and searches you saved on Yardshare.' },
    '/reset-password': {
      title: 'Choose a new password',
      description: 'Set a new password for your Yardshare account.',
    },
    '/verify-email': {
      title: 'Confirm your e-mail address',
      description: 'Confirm the e-mail address of your Yardshare account.',
    },
    '/unsubscribe': { title: 'Unsubscribe', description: 'Choose which e-mails Yardshare sends you.' },
    '/payment/success': {
      title: 'Payment Successful!',
      description: 'Thank you. The details of your payment are sent by e-mail.',
    },
    '/payment/cancel': {
      title: 'Payment Cancelled',
      description: 'Your payment was cancelled and no charges were made.',
    },
  },
  article: {
    title: 'The Rise of Yardsharing',
    description:
      'Across cities and suburbs, people with unused yards share them with people who want to grow food. Why yardsharing is growing, and how to take part.',
    imageAlt: 'Raised garden beds in a shared backyard, drawn in green and earth tones',
    keywords: [
      'yardsharing',
      'yard sharing',
      'backyard gardens',
      'urban agriculture',
      'garden sharing',
      'grow your own food',
    ],
    author: 'The Yardshare Team',
  },
  listings: {
    browse: 'Browse growing spaces',
    typeTitles: {
      rental: 'Garden and yard rentals',
      exchange: 'Work exchange growing spaces',
      community: 'Free community gardens',
    },
    typeLeads: {
      rental: 'Rent a yard, garden plot or piece of farmland by the month',
      exchange: 'Trade a few hours of work each week for space to grow',
      community: 'Join a free shared community garden',
    },
    lead: 'Find rentals, work exchanges and free community gardens',
    titleIn: (base, location) => `${base} in ${location}`,
    description: (lead, location) =>
      `${lead}${location ? ` in and around ${location}` : ' near you'}. Browse spaces shared by local hosts on Yardshare and message them directly.`,
    keywords: ['garden listings', 'growing space'],
    defaultTypeKeyword: 'garden rental',
    locationKeyword: (location) => `gardens in ${location}`,
  },
  listing: {
    title: (title, where) => `${title} in ${where}`,
    description: (price, where, description) => `${price} in ${where}. ${description}`,
    pricePerMonth: (dollars) => `$${dollars} / month`,
    hoursPerWeek: (hours) => `${hours} hrs / week`,
    rental: 'Rental',
    exchange: 'Work exchange',
    community: 'Free community garden',
    typeKeywords: { rental: 'garden rental', exchange: 'work exchange', community: 'community garden' },
    growingSpace: 'growing space',
  },
  notFound: {
    title: 'Page not found',
    description: 'The page you are looking for does not exist on Yardshare.',
  },
  listingNotFound: {
    title: 'Listing not found',
    description:
      'This growing space is no longer available on Yardshare. Browse all listings to find another one near you.',
  },
  memberProfile: 'Member profile',
  booking: 'Booking',
  editListing: 'Edit your listing',
  earnings: 'Earnings',
  operatorConsole: 'Operator console',
};
