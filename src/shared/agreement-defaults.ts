import type { AgreementTemplate } from './agreement.ts';

// The host's part of the grow agreement when the host has written nothing (ADR 037). Apart from
// agreement.ts so a page that shows an agreement does not download Zod with it (ADR 039, issue 36);
// a test checks it equals what the schema's defaults give.

// Sensible defaults: a grower leaves with two weeks' notice, a host gives a month.
export const DEFAULT_GROWER_NOTICE_DAYS = 14;
export const DEFAULT_HOST_NOTICE_DAYS = 30;

export const DEFAULT_AGREEMENT: AgreementTemplate = {
  houseRules: '',
  duties: '',
  growing: '',
  accessHours: '',
  water: '',
  tools: '',
  structuresAllowed: false,
  growerNoticeDays: DEFAULT_GROWER_NOTICE_DAYS,
  hostNoticeDays: DEFAULT_HOST_NOTICE_DAYS,
};
