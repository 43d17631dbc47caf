// The tables npm run bench:listings prints (run.ts measures).
import os from 'node:os';

export type Figures = { rps: number; p50: number; p99: number };
export type Row = {
  name: string;
  url: string;
  cached: Figures;
  uncached: Figures;
  signedIn?: Figures;
  bare?: Figures;
};

const log = (line: string) => console.log(line);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SCALE_FROM = Number(process.env.BENCH_SCALE_FROM ?? 10_000);
const SCALE_TO = Number(process.env.BENCH_SCALE_LISTINGS ?? 1_000_000);

const f0 = (n: number) => n.toFixed(0);
const pad = (s: string, n: number) => s.padStart(n);
const cells = (f: Figures) => `${pad(f0(f.rps), 7)} ${pad(String(f.p50), 5)} ${pad(String(f.p99), 5)}`;

export function printVersusBare(rows: Row[], label: string) {
  log(`\n${label}: autocannon ${SECONDS} s x ${CONNECTIONS} connections; req/s, p50 ms, p99 ms`);
  log(
    `load average before the run: ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}`,
  );
  log(
    `${'path'.padEnd(14)} | ${'cached'.padStart(19)} | ${'uncached'.padStart(19)} | ${'signed in'.padStart(19)} | ${'bare'.padStart(19)} | cached/bare uncached/bare signed-in/bare`,
  );
  const none: Figures = { rps: 0, p50: 0, p99: 0 };
  for (const r of rows) {
    const bare = r.bare as Figures;
    const s = r.signedIn ?? none;
    log(
      `${r.name.padEnd(14)} | ${cells(r.cached)} | ${cells(r.uncached)} | ${cells(s)} | ${cells(bare)} | ${pad((r.cached.rps / bare.rps).toFixed(2), 11)} ${pad((r.uncached.rps / bare.rps).toFixed(2), 13)} ${pad((s.rps / bare.rps).toFixed(2), 14)}`,
    );
  }
  const worst = (pick: (r: Row) => Figures | undefined) =>
    Math.min(...rows.map((r) => (pick(r)?.rps ?? 0) / (r.bare as Figures).rps)).toFixed(3);
  const p99 = Math.max(...rows.flatMap((r) => [r.uncached.p99, r.signedIn?.p99 ?? 0]));
  log(
    `worst of the six / bare: cached ${worst((r) => r.cached)}, uncached ${worst((r) => r.uncached)}, signed in ${worst((r) => r.signedIn)}; worst uncached or signed-in p99 ${p99} ms`,
  );
}

export function printScale(small: Row[], large: Row[]) {
  log(
    `\nLatency at ${SCALE_FROM.toLocaleString('en-US')} vs ${SCALE_TO.toLocaleString('en-US')} listings (p50 / p99 ms; ratio = large / small, target <= 1.5)`,
  );
  log(
    `${'path'.padEnd(14)} ${'mode'.padEnd(9)} | ${'small'.padStart(11)} | ${'large'.padStart(11)} | p50 ratio p99 ratio`,
  );
  const ratio = (a: number, b: number) => (b / Math.max(a, 1)).toFixed(2);
  for (const [i, s] of small.entries()) {
    const l = large[i];
    for (const mode of ['cached', 'uncached'] as const)
      log(
        `${s.name.padEnd(14)} ${mode.padEnd(9)} | ${pad(`${s[mode].p50} / ${s[mode].p99}`, 11)} | ${pad(`${l[mode].p50} / ${l[mode].p99}`, 11)} | ${pad(ratio(s[mode].p50, l[mode].p50), 9)} ${pad(ratio(s[mode].p99, l[mode].p99), 9)}`,
      );
  }
}
