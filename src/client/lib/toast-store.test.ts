import { describe, expect, it } from 'vitest';
import { getToasts, toast } from './toast-store.ts';

describe('toast store', () => {
  it('keeps one toast at a time, the newest, with a 5000 ms default', () => {
    toast({ title: 'First' });
    toast({ title: 'Second', variant: 'destructive' });
    const list = getToasts();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ title: 'Second', variant: 'destructive', duration: 5000, open: true });
  });
});
