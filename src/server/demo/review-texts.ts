import { HOST_REVIEWS, REVIEWS } from './data.ts';
import type { Rng } from './random.ts';

// Review texts that read as written by different people (issue 52, ADR 050): every review of a
// listing is a text of its own, no sentence appears in more than two of them, and a listing never
// shows the same opening twice. A review is an opening, or an opening and a detail.
const SENTENCE_USES = 2;
// The hosts' reviews of growers: no text more than twice (issue 33).
const HOST_TEXT_USES = 2;

// Plain facts that fit a review of any rating.
const GROWER_DETAILS = [
  'We grew mostly tomatoes, beans and squash.',
  'I came twice a week after work.',
  'My neighbour joined me most Saturdays.',
  'We planted garlic in the fall for next year.',
  'Getting there by bike was easy.',
  'The plot was the size the listing said.',
  'Booking and paying took five minutes.',
  'It was our first year growing peppers.',
  'We mostly grew herbs and salad greens.',
  'I kept a notebook of what grew where.',
  'Our season ran from April to October.',
  'The kids had their own little row of sunflowers.',
  'We tried three kinds of kale; the curly one won.',
  'I usually came early, before the heat.',
  'Our cucumbers outgrew the trellis by August.',
  'We shared the bed with a friend from work.',
  'The basil alone was worth it.',
  'I brought my own seed potatoes from home.',
  'We saved seed from the best beans for next year.',
  'It took a month to learn the watering rhythm.',
];
const HOST_DETAILS = [
  'Kept the shared tools tidy.',
  'Always closed the gate behind them.',
  'Shared seedlings with the other growers.',
  'Kept to the watering rota all summer.',
  'Left the paths clear of weeds.',
  'Hope to host them again next season.',
];

const fill = (text: string, host: string) => text.replace(/\{host\}/g, host);

const writers = new WeakMap<Rng, ReviewTexts>();

export class ReviewTexts {
  private readonly r: Rng;
  private readonly sentences = new Map<string, number>();
  private readonly openingsOf = new Map<number, Set<string>>();
  private readonly hostTexts = new Map<string, number>();

  constructor(r: Rng) {
    this.r = r;
  }

  // One writer per seeded source: the whole demo counts its texts together.
  static of(r: Rng): ReviewTexts {
    let w = writers.get(r);
    if (!w) {
      w = new ReviewTexts(r);
      writers.set(r, w);
    }
    return w;
  }

  private uses = (s: string) => this.sentences.get(s) ?? 0;

  // A grower's review of a listing, or null when every opening of that rating is used up (the demo
  // then writes no more reviews rather than repeat itself).
  grower(rating: 3 | 4 | 5, host: string, listingId: number): string | null {
    const seen = this.openingsOf.get(listingId) ?? new Set<string>();
    for (const opening of this.r.shuffle(REVIEWS[rating])) {
      // Counted as written: "{host} was wonderful" is the same sentence whoever the host is.
      if (seen.has(opening) || this.uses(opening) >= SENTENCE_USES) continue;
      // The first use stands alone; a second one carries a detail not used twice yet.
      const detail =
        this.uses(opening) === 0
          ? null
          : this.r.shuffle(GROWER_DETAILS).find((d) => this.uses(d) < SENTENCE_USES);
      if (detail === undefined) continue;
      for (const s of detail ? [opening, detail] : [opening]) this.sentences.set(s, this.uses(s) + 1);
      seen.add(opening);
      this.openingsOf.set(listingId, seen);
      const base = fill(opening, host);
      return detail ? `${base} ${detail}` : base;
    }
    return null;
  }

  host(): string {
    for (const base of this.r.shuffle(HOST_REVIEWS))
      for (const text of [base, ...this.r.shuffle(HOST_DETAILS).map((d) => `${base} ${d}`)]) {
        const n = this.hostTexts.get(text) ?? 0;
        if (n < HOST_TEXT_USES) {
          this.hostTexts.set(text, n + 1);
          return text;
        }
      }
    throw new Error('The demo ran out of review texts');
  }
}
