import { describe, expect, it } from 'vitest';
import * as shared from '#shared/moderation.ts';
import * as text from './moderation-text.ts';

describe('the Zod-free moderation words', () => {
  it('are the contract’s, value for value', () => {
    expect(text.REPORT_REASONS).toEqual(shared.REPORT_REASONS);
    expect(text.REPORT_REASON_LABELS).toEqual(shared.REPORT_REASON_LABELS);
    expect(text.REPORT_TEXT_MAX).toBe(shared.REPORT_TEXT_MAX);
    expect(text.REPORT_ACK_TEXT).toBe(shared.REPORT_ACK_TEXT);
    expect(text.PAYMENT_WARNING_TEXT).toBe(shared.PAYMENT_WARNING_TEXT);
    expect(text.BLOCKED_CODE).toBe(shared.BLOCKED_CODE);
    expect(text.SUSPENDED_CODE).toBe(shared.SUSPENDED_CODE);
  });
});
