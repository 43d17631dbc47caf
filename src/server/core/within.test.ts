import { afterEach, describe, expect, it, vi } from 'vitest';
import { within } from './within.ts';

describe('within', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("answers with the promise's outcome and leaves no timer behind", async () => {
    vi.useFakeTimers();
    await expect(within(Promise.resolve(7), 2000)).resolves.toBe(7);
    await expect(within(Promise.reject(new Error('no')), 2000)).rejects.toThrow('no');
    // A timer left running would keep the answer alive for the whole 2 s (ADR 047).
    expect(vi.getTimerCount()).toBe(0);
  });

  it('rejects with a timeout when the promise takes longer', async () => {
    vi.useFakeTimers();
    const never = new Promise<number>(() => {});
    const outcome = within(never, 2000).catch((e: Error) => e.message);
    await vi.advanceTimersByTimeAsync(2000);
    expect(await outcome).toBe('timeout');
  });
});
