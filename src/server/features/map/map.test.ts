import { describe, expect, it } from 'vitest';
import {
  DEFAULT_MAP_ATTRIBUTION,
  DEFAULT_MAP_TILE_URL,
  isTileUrlTemplate,
  tileImageSource,
} from '#shared/map.ts';
import { loadConfig } from '../../config.ts';
import { buildTestApp } from '../../testing/test-app.ts';

// MAP_TILE_URL and MAP_ATTRIBUTION: parsed at start, served to the map, and allowed by the CSP.
describe('map settings', () => {
  it('defaults to OpenStreetMap with its attribution and copyright link', () => {
    const { map } = loadConfig({});
    expect(map.tileUrl).toBe('https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png');
    expect(map.attribution).toContain('https://www.openstreetmap.org/copyright');
    expect(loadConfig({ MAP_TILE_URL: '', MAP_ATTRIBUTION: '' }).map).toEqual({
      tileUrl: DEFAULT_MAP_TILE_URL,
      attribution: DEFAULT_MAP_ATTRIBUTION,
    });
  });

  it('refuses a tile URL that is not an http(s) template with {z}, {x} and {y}', () => {
    for (const bad of [
      'ftp://tiles.example/{z}/{x}/{y}.png',
      'https://tiles.example/{z}/{x}.png',
      'https://{s}/{z}/{x}/{y}.png',
      "https://tiles.example;script-src 'unsafe-inline'/{z}/{x}/{y}.png",
      '/tiles/{z}/{x}/{y}.png',
    ]) {
      expect(isTileUrlTemplate(bad), bad).toBe(false);
      expect(() => loadConfig({ MAP_TILE_URL: bad }), bad).toThrow(/MAP_TILE_URL/);
    }
  });

  it('names the tile host as a CSP source, widening a {s} subdomain to a wildcard', () => {
    expect(tileImageSource(DEFAULT_MAP_TILE_URL)).toBe('https://*.tile.openstreetmap.org');
    expect(tileImageSource('https://tiles.example.org/{z}/{x}/{y}.png?key=1')).toBe(
      'https://tiles.example.org',
    );
    expect(tileImageSource('http://127.0.0.1:8080/{z}/{x}/{y}.png')).toBe('http://127.0.0.1:8080');
    expect(tileImageSource('https://a{s}.Tiles.example.com/{z}/{x}/{y}@2x.png')).toBe(
      'https://*.tiles.example.com',
    );
  });
});

describe('GET /api/map-config', () => {
  it('serves the configured tiles and attribution, and the CSP allows their host for images', async () => {
    const { app } = await buildTestApp({
      MAP_TILE_URL: 'https://{s}.tiles.example.net/light/{z}/{x}/{y}.png',
      MAP_ATTRIBUTION: '&copy; Example Maps',
    });
    const res = await app.inject({ method: 'GET', url: '/api/map-config' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      tileUrl: 'https://{s}.tiles.example.net/light/{z}/{x}/{y}.png',
      attribution: '&copy; Example Maps',
    });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toMatch(/img-src 'self' data: blob: https:\/\/\*\.tiles\.example\.net;/);
    expect(csp).not.toContain('openstreetmap');
  });
});
