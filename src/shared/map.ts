import { z } from 'zod';

// The map's base layer (MAP_TILE_URL, MAP_ATTRIBUTION): a Leaflet tile URL template and its credit
// line, which is HTML set by the operator.
export const mapConfigSchema = z.object({ tileUrl: z.string(), attribution: z.string() });
export type MapConfig = z.infer<typeof mapConfigSchema>;

export const DEFAULT_MAP_TILE_URL = 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png';
export const DEFAULT_MAP_ATTRIBUTION =
  '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

// A tile URL template: http(s), with {z}, {x} and {y}, and a host a CSP source can name.
export function isTileUrlTemplate(value: string): boolean {
  if (
    !/^https?:\/\/[a-z0-9.{}-]+(:\d+)?\/\S*$/i.test(value) ||
    !['{z}', '{x}', '{y}'].every((p) => value.includes(p))
  )
    return false;
  try {
    new URL(value.replace(/\{[a-z]+\}/gi, '0'));
  } catch {
    return false;
  }
  return !/\*\.(:|$)/.test(tileImageSource(value));
}

// The CSP img-src source that allows the template's tile host: a placeholder in the host ({s})
// widens it to a wildcard on the labels after it.
export function tileImageSource(tileUrl: string): string {
  const m = /^(https?):\/\/([^/?#]+)/.exec(tileUrl);
  if (!m) throw new Error(`Not a tile URL: ${tileUrl}`);
  const [, scheme, authority] = m;
  const colon = authority.lastIndexOf(':');
  const hasPort = colon > authority.lastIndexOf('}') && /^:\d+$/.test(authority.slice(colon));
  const host = hasPort ? authority.slice(0, colon) : authority;
  const port = hasPort ? authority.slice(colon) : '';
  const labels = host.split('.');
  const last = labels.findLastIndex((l) => l.includes('{'));
  const allowed = last < 0 ? host : `*.${labels.slice(last + 1).join('.')}`;
  return `${scheme}://${allowed.toLowerCase()}${port}`;
}
