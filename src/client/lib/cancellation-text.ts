import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { type CancellationPolicy, POLICY_RULES } from '#shared/cancellation.ts';
import { PLATFORM_FEE_PERCENT } from '#shared/constants.ts';

// The cancellation policies (ADR 034) in plain words, for the listing page and form, the booking
// form and the booking. The numbers come from the shared rules the server refunds by.
export const POLICY_LABELS: Record<CancellationPolicy, MessageDescriptor> = {
  flexible: msg`Flexible`,
  moderate: msg`Moderate`,
  strict: msg`Strict`,
};

export function policySummary(policy: CancellationPolicy, i18n: I18n): string {
  const [full, half] = POLICY_RULES[policy].tiers;
  const days = full.days;
  switch (policy) {
    case 'flexible':
      return i18n._(
        msg`Cancel up to the day before the start for all the rent back. Later, the whole months not yet begun, after the first, are refunded.`,
      );
    case 'moderate':
      return i18n._(
        msg`Cancel ${days}+ days before the start for all the rent back. Later, the whole months not yet begun, after the first, are refunded.`,
      );
    case 'strict': {
      const halfDays = half?.days ?? 0;
      return i18n._(
        msg`Cancel ${days}+ days before the start for all the rent back, or ${halfDays}+ days for all but half of the first month. Later, the whole months not yet begun, after the first and one more month of notice, are refunded.`,
      );
    }
  }
}

// "Moderate cancellation: …" with who keeps the fee: the whole policy in one paragraph.
export function policyText(policy: CancellationPolicy, i18n: I18n): string {
  const name = i18n._(POLICY_LABELS[policy]);
  const fee = PLATFORM_FEE_PERCENT;
  const summary = policySummary(policy, i18n);
  return i18n._(
    msg`${name} cancellation: ${summary} The ${fee}% fee is not refunded. If the host cancels, you get everything back.`,
  );
}
