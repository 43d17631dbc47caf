import { HOST_REVIEWS, REVIEWS } from './data.ts';
import type { Rng } from './random.ts';

// Review texts that read as written by different people: no text appears more than twice in the
// demo (issue 33). A text already used twice gets a detail of its own added.
const MAX_USES = 2;

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
  private readonly used = new Map<string, number>();

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

  private take(bases: string[], details: readonly string[]): string {
    for (const base of this.r.shuffle(bases))
      for (const text of [base, ...this.r.shuffle(details).map((d) => `${base} ${d}`)]) {
        const n = this.used.get(text) ?? 0;
        if (n < MAX_USES) {
          this.used.set(text, n + 1);
          return text;
        }
      }
    throw new Error('The demo ran out of review texts');
  }

  grower(rating: 3 | 4 | 5, host: string): string {
    return this.take(
      REVIEWS[rating].map((t) => fill(t, host)),
      GROWER_DETAILS,
    );
  }

  host(): string {
    return this.take([...HOST_REVIEWS], HOST_DETAILS);
  }
}
