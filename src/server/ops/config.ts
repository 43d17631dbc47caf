import { BlockList, isIP } from 'node:net';
import path from 'node:path';
import { loadTracingConfig, type TracingConfig } from './tracing.ts';

// Operations settings (ADR 033): metrics access and the shutdown bound.
export type OpsConfig = {
  // METRICS=off: no /metrics route and no request timing at all.
  metricsEnabled: boolean;
  // A bearer token that opens /metrics from anywhere; unset: only METRICS_ALLOW addresses.
  metricsToken?: string;
  // Addresses and ranges that may read /metrics without a token.
  metricsAllow: string[];
  // SIGTERM: the process exits within this many milliseconds, finished or not.
  shutdownTimeoutMs: number;
  // Backups (ADR 036): where they are written, how often the server takes one (0: never; the
  // command line still can), and how many are kept.
  backup: { dir: string; everyHours: number; keep: number };
  // OpenTelemetry traces, from the standard OTEL_* variables (ADR 036).
  tracing: TracingConfig;
};

const DEFAULT_ALLOW = '127.0.0.1,::1';

// An IPv4 address seen through an IPv6 socket (::ffff:10.0.0.1) counts as the IPv4 address.
export const plainAddress = (ip: string) => (/^::ffff:\d+\.\d+\.\d+\.\d+$/i.test(ip) ? ip.slice(7) : ip);

// Parses METRICS_ALLOW (comma-separated addresses and CIDR ranges) into a BlockList; throws a
// readable error on a bad entry.
export function allowList(entries: string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const [addr = '', bits, extra] = entry.split('/');
    const family = isIP(addr);
    const max = family === 6 ? 128 : 32;
    const okBits = bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= max);
    if (!family || !okBits || extra !== undefined)
      throw new Error(
        `Invalid environment settings:\n  METRICS_ALLOW: "${entry}" is not an address or a range`,
      );
    const type = family === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(addr, type);
    else list.addSubnet(addr, Number(bits), type);
  }
  return list;
}

export function isAllowed(list: BlockList, ip: string): boolean {
  const addr = plainAddress(ip);
  const family = isIP(addr);
  if (!family) return false;
  return list.check(addr, family === 6 ? 'ipv6' : 'ipv4');
}

export function loadOpsConfig(env: NodeJS.ProcessEnv): OpsConfig {
  const flag = (env.METRICS ?? '').trim().toLowerCase();
  const allow = (env.METRICS_ALLOW?.trim() || DEFAULT_ALLOW)
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  allowList(allow); // fails fast on a bad entry
  const rawTimeout = (env.SHUTDOWN_TIMEOUT_S ?? '').trim() || '25';
  const seconds = Number(rawTimeout);
  if (!Number.isFinite(seconds) || seconds < 1 || seconds > 3600)
    throw new Error(
      `Invalid environment settings:\n  SHUTDOWN_TIMEOUT_S: "${rawTimeout}" must be a number of seconds from 1 to 3600`,
    );
  const token = env.METRICS_TOKEN?.trim() || undefined;
  if (token && token.length < 16)
    throw new Error('Invalid environment settings:\n  METRICS_TOKEN: use at least 16 characters');
  const number = (name: string, def: number, min: number, max: number) => {
    const raw = (env[name] ?? '').trim() || String(def);
    const n = Number(raw);
    if (!Number.isFinite(n) || n < min || n > max)
      throw new Error(
        `Invalid environment settings:\n  ${name}: "${raw}" must be a number from ${min} to ${max}`,
      );
    return n;
  };
  const keep = number('BACKUP_KEEP', 7, 1, 10_000);
  if (!Number.isInteger(keep))
    throw new Error('Invalid environment settings:\n  BACKUP_KEEP: must be a whole number');
  const dataDir = env.DATA_DIR?.trim() || './data';
  return {
    tracing: loadTracingConfig(env),
    backup: {
      dir: path.resolve(env.BACKUP_DIR?.trim() || path.join(dataDir, 'backups')),
      everyHours: number('BACKUP_EVERY_HOURS', 0, 0, 24 * 365),
      keep,
    },
    metricsEnabled: !['off', 'false', '0'].includes(flag),
    metricsToken: token,
    metricsAllow: allow,
    shutdownTimeoutMs: Math.round(seconds * 1000),
  };
}
