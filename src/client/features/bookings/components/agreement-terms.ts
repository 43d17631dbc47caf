import type { AgreementParts, AgreementTemplate } from '#shared/agreement.ts';

// The host's part of an agreement, the terms a change may touch (ADR 037), in the order it reads.
export const TEMPLATE_KEYS = [
  'houseRules',
  'duties',
  'growing',
  'accessHours',
  'water',
  'tools',
  'structuresAllowed',
  'growerNoticeDays',
  'hostNoticeDays',
] as const satisfies readonly (keyof AgreementTemplate)[];
export type TemplateKey = (typeof TEMPLATE_KEYS)[number];

// The terms a proposed version changes, compared with the version in force.
export const changedTerms = (inForce: AgreementParts, proposed: AgreementParts): TemplateKey[] =>
  TEMPLATE_KEYS.filter((k) => inForce[k] !== proposed[k]);
