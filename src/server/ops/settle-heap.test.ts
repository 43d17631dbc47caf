import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { settleHeap, shouldSettle } from './settle-heap.ts';

const module = fileURLToPath(new URL('./settle-heap.ts', import.meta.url));

describe('settleHeap', () => {
  it('does nothing when the process was started without --expose-gc', () => {
    expect(settleHeap()).toBeNull();
  });

  it("gives start-up's garbage back at once when it was", () => {
    // 200,000 small objects made and dropped, as start-up does with what it compiles and reads.
    const script = `
      import { settleHeap } from ${JSON.stringify(module)};
      let made = Array.from({ length: 200000 }, (_, i) => ({ i, text: 'row ' + i }));
      made = null;
      const before = process.memoryUsage().heapUsed;
      const ms = settleHeap();
      const after = process.memoryUsage().heapUsed;
      console.log(JSON.stringify({ ms, freedMb: (before - after) / 1048576 }));`;
    const out = JSON.parse(
      execFileSync(process.execPath, ['--expose-gc', '--input-type=module', '-e', script], {
        encoding: 'utf8',
      }),
    ) as { ms: number; freedMb: number };
    expect(out.ms).toBeGreaterThanOrEqual(0);
    expect(out.freedMb).toBeGreaterThan(10);
  });
});

describe('shouldSettle', () => {
  const MB = 1024 * 1024;
  it('collects only when the server is quiet and its heap grew by 24 MB since the last time', () => {
    expect(shouldSettle(0.01, 100 * MB, 70 * MB)).toBe(true);
    expect(shouldSettle(0.01, 90 * MB, 70 * MB)).toBe(false); // grown 20 MB
    expect(shouldSettle(0.3, 140 * MB, 70 * MB)).toBe(false); // busy: answers would wait
  });
});
