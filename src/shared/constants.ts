// Business constants and limits. Server and client read them from here.
export const PRODUCT_NAME = 'Yardshare';
export const TITLE_SUFFIX = ' | Yardshare';

export const LISTING_TYPES = ['rental', 'exchange', 'community'] as const;
export type ListingType = (typeof LISTING_TYPES)[number];

export const PLATFORM_FEE_PERCENT = 6;
export const CURRENCY = 'USD';

export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 200;
export const USERNAME_MAX = 40;
export const NAME_MAX = 100;
export const EMAIL_MAX = 254;
export const BIO_MAX = 1000;

export const RATING_MIN = 1;
export const RATING_MAX = 5;
export const WORK_HOURS_MIN = 1;
export const WORK_HOURS_MAX = 40;

export const MESSAGE_MAX = 4000;
export const REVIEW_COMMENT_MAX = 2000;

export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const IMAGES_PER_UPLOAD = 10;

export const FEATURED_LISTINGS = 6;
export const CONVERSATIONS_POLL_MS = 10_000;
export const THREAD_POLL_MS = 5_000;
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5_000;
export const ONBOARDING_STEPS = 5;
export const ONBOARDING_FLAG = 'onboardingComplete';
export const SEO_DESCRIPTION_MAX = 150;
export const LANGUAGES = ['en', 'es', 'fr', 'de', 'ja'] as const;

// The id of the <script type="application/json"> that carries a pre-rendered page's query data.
export const PRERENDER_STATE_ID = 'ys-state';
// ...and of the one that lists the scripts boot.ts loads once the page has painted (ADR 042).
export const LATE_PRELOADS_ID = 'ys-late';

// A listing's photo is at least this many pixels on its shorter side (ADR 038).
export const PHOTO_MIN_SIDE = 640;
