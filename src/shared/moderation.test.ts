import { describe, expect, it } from 'vitest';
import {
  adminActionSchema,
  createReportSchema,
  offPlatformPaymentSignal,
  offPlatformPaymentSignals,
} from './moderation.ts';

describe('offPlatformPaymentSignal', () => {
  it.each([
    ['an e-mail with payment words', 'Just pay me directly at jane.doe@example.com and skip the fees'],
    ['a phone number with payment words', 'Text me on (503) 555-0199, I take Zelle'],
    ['an international number with a bank transfer', 'Call +44 20 7946 0958 for my bank details'],
    ['a dotted phone and venmo', 'venmo works, my number is 503.555.0199'],
    ['a payment app handle', 'Send it on venmo @jane-doe please'],
    ['a cash app cashtag', 'cash app $GardenJane'],
    ['a bech32 bitcoin address', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'],
    ['a base58 bitcoin address', 'send to 1BoatSLRHtKNngkdXEeobR76b53LETtpyT'],
    ['an ethereum address', 'ETH: 0x52908400098527886E0F7030069857D2E4169EE7'],
  ])('flags %s', (_label, text) => {
    expect(offPlatformPaymentSignal(text)).toBe(true);
  });

  it.each([
    ['plain talk', 'Hi! Is the plot still free in May? I would love to grow tomatoes.'],
    ['payment words alone', 'I will pay through the site once you accept the booking'],
    ['an e-mail without payment words', 'My e-mail is jane@example.com if the chat is slow'],
    ['a phone without payment words', 'Call me at 503-555-0199 when you are at the garden'],
    ['short numbers', 'The plot is 10 x 20 ft, gate code 1234, about 300 sq ft'],
    ['a long plain word', 'Supercalifragilisticexpialidocious'],
    ['a date and a price', 'From 2026-05-01 for $45 a month'],
  ])('leaves %s alone', (_label, text) => {
    expect(offPlatformPaymentSignal(text)).toBe(false);
  });

  it('names the reasons', () => {
    expect(
      offPlatformPaymentSignals('pay me at a@b.co, or 0x52908400098527886E0F7030069857D2E4169EE7'),
    ).toEqual(['contact_with_payment_words', 'crypto_address']);
  });
});

describe('contracts', () => {
  it('needs a non-empty reason for every admin action', () => {
    expect(adminActionSchema.safeParse({}).success).toBe(false);
    expect(adminActionSchema.safeParse({ reason: '   ' }).success).toBe(false);
    expect(adminActionSchema.parse({ reason: ' spam ' })).toEqual({ reason: 'spam' });
  });

  it('reads a report with or without text', () => {
    expect(
      createReportSchema.parse({ subjectType: 'listing', subjectId: 3, reason: 'scam' }).text,
    ).toBeNull();
    expect(
      createReportSchema.parse({ subjectType: 'user', subjectId: 3, reason: 'spam', text: ' x ' }).text,
    ).toBe('x');
    expect(
      createReportSchema.safeParse({ subjectType: 'booking', subjectId: 3, reason: 'spam' }).success,
    ).toBe(false);
    expect(createReportSchema.safeParse({ subjectType: 'user', subjectId: 3, reason: 'rude' }).success).toBe(
      false,
    );
  });
});
