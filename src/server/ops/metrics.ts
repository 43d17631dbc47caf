import fs from 'node:fs';
import { createRequire } from 'node:module';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { DbStats } from '../db/stats.ts';

// The series /metrics serves (ADR 033). One registry per app, so tests can build several.
const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const DB_SECONDS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1, 5];

export type Sources = {
  db: DbStats;
  streamsOpen: () => number;
  cache: { hits: number; misses: number };
  // What the read cache holds now, against its byte budget (ADR 047).
  cacheHeld: () => { bytes: number; entries: number };
  // Every cache's (the read cache's included), by name.
  cachesHeld: () => Record<string, { bytes: number; entries: number }>;
  draining: () => boolean;
};

// prom-client's default process metrics (memory, CPU, heap, event-loop delay, handles, fds) but its
// GC histogram: its PerformanceObserver on every collection cost 10-20 % of a cached read's CPU time
// (npm run bench:metrics). The collectors are prom-client 15's own modules; a layout change fails
// at start.
const DEFAULT_COLLECTORS = [
  'processCpuTotal',
  'processStartTime',
  'osMemoryHeap',
  'processOpenFileDescriptors',
  'processMaxFileDescriptors',
  'eventLoopLag',
  'processResources',
  'processHandles',
  'processRequests',
  'heapSizeAndUsed',
  'heapSpacesSizeAndUsed',
  'version',
];
const require = createRequire(import.meta.url);
type Collector = (register: Registry, config: { eventLoopMonitoringPrecision: number }) => void;
function collectProcessMetrics(register: Registry) {
  for (const name of DEFAULT_COLLECTORS)
    (require(`prom-client/lib/metrics/${name}`) as Collector)(register, { eventLoopMonitoringPrecision: 10 });
}

// A counter whose value is read from a running total at scrape time.
// A field of /proc/<pid>/status in kB, or null (no such process, not Linux).
function childStatus(pid: number | null, field: string): number | null {
  if (pid === null) return null;
  try {
    const match = new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(
      fs.readFileSync(`/proc/${pid}/status`, 'utf8'),
    );
    return match ? Number(match[1]) : null;
  } catch {
    return null;
  }
}

function totalCounter(register: Registry, name: string, help: string, read: () => number) {
  return new Counter({
    name,
    help,
    registers: [register],
    collect() {
      this.reset();
      this.inc(read());
    },
  });
}

export function createMetrics(sources: Sources) {
  const register = new Registry();
  collectProcessMetrics(register);
  const labelNames = ['method', 'route', 'status_code'] as const;
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered through the router, by route pattern and status',
    labelNames,
    registers: [register],
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by route pattern and status',
    labelNames,
    buckets: SECONDS,
    registers: [register],
  });
  const dbQuery = new Histogram({
    name: 'yardshare_db_query_duration_seconds',
    help: 'Time of each database statement, waiting for its turn excluded',
    buckets: DB_SECONDS,
    registers: [register],
  });
  sources.db.onQuery = (s) => dbQuery.observe(s);
  totalCounter(
    register,
    'yardshare_db_statement_timeouts_total',
    'Statements stopped by the statement timeout',
    () => sources.db.timeouts,
  );
  totalCounter(
    register,
    'yardshare_db_thread_replacements_total',
    'Embedded database processes replaced after a stall (PGlite only; named when it was a thread)',
    () => sources.db.threadReplacements,
  );
  // The embedded database runs in a child process (ADR 030): process_* covers the server alone.
  new Gauge({
    name: 'yardshare_db_process_resident_memory_bytes',
    help: "The embedded database process's resident memory (PGlite on Linux only)",
    registers: [register],
    collect() {
      const kb = childStatus(sources.db.processPid, 'VmRSS');
      if (kb !== null) this.set(kb * 1024);
    },
  });
  totalCounter(
    register,
    'yardshare_public_cache_hits_total',
    'Anonymous public reads answered from the read cache',
    () => sources.cache.hits,
  );
  totalCounter(
    register,
    'yardshare_public_cache_misses_total',
    'Cacheable anonymous public reads the cache could not answer',
    () => sources.cache.misses,
  );
  new Gauge({
    name: 'yardshare_public_cache_bytes',
    help: 'Bytes the read cache holds (its budget is PUBLIC_CACHE_MAX_MB)',
    registers: [register],
    collect() {
      this.set(sources.cacheHeld().bytes);
    },
  });
  new Gauge({
    name: 'yardshare_public_cache_entries',
    help: 'Entries the read cache holds',
    registers: [register],
    collect() {
      this.set(sources.cacheHeld().entries);
    },
  });
  for (const [what, pick] of [
    ['bytes', 'bytes'],
    ['entries', 'entries'],
  ] as const)
    new Gauge({
      name: `yardshare_cache_${what}`,
      help: `The ${what} each cache holds (budgets: PUBLIC_CACHE_MAX_MB, SESSION_CACHE_MAX_KB, COUNT_CACHE_MAX_KB, PAGE_CACHE_MAX_KB)`,
      labelNames: ['cache'],
      registers: [register],
      collect() {
        for (const [cache, held] of Object.entries(sources.cachesHeld())) this.set({ cache }, held[pick]);
      },
    });
  new Gauge({
    name: 'yardshare_sse_streams_open',
    help: 'Live message streams open on this instance',
    registers: [register],
    collect() {
      this.set(sources.streamsOpen());
    },
  });
  new Gauge({
    name: 'yardshare_instance_draining',
    help: '1 while this instance is shutting down',
    registers: [register],
    collect() {
      this.set(sources.draining() ? 1 : 0);
    },
  });
  const jobRuns = new Counter({
    name: 'yardshare_job_runs_total',
    help: 'Scheduled job runs made by this instance',
    labelNames: ['job_name'],
    registers: [register],
  });
  const jobFailures = new Counter({
    name: 'yardshare_job_failures_total',
    help: 'Scheduled job runs that failed on this instance',
    labelNames: ['job_name'],
    registers: [register],
  });
  const jobDuration = new Histogram({
    name: 'yardshare_job_duration_seconds',
    help: 'Time of a scheduled job run on this instance',
    labelNames: ['job_name'],
    buckets: SECONDS,
    registers: [register],
  });

  // One child per method, route and status: the label lookup happens once.
  type Children = { count: { inc(): void }; time: { observe(v: number): void } };
  const children = new Map<string, Children>();
  const observeRequest = (method: string, route: string, status: number, seconds: number) => {
    const key = `${method} ${status} ${route}`;
    let c = children.get(key);
    if (!c) {
      const labels = { method, route, status_code: String(status) };
      c = { count: requests.labels(labels), time: duration.labels(labels) };
      children.set(key, c);
    }
    c.count.inc();
    c.time.observe(seconds);
  };
  const observeJob = ({ name, seconds, ok }: { name: string; seconds: number; ok: boolean }) => {
    jobRuns.inc({ job_name: name });
    if (!ok) jobFailures.inc({ job_name: name });
    jobDuration.observe({ job_name: name }, seconds);
  };
  return { register, observeRequest, observeJob };
}

export type Metrics = ReturnType<typeof createMetrics>;
