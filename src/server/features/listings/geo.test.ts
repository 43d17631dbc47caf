import { describe, expect, it } from 'vitest';
import { distanceKm, geocode, stateCode } from './geo.ts';

describe('offline geocoding', () => {
  it('finds a city by state code or state name, whatever the case and spaces', () => {
    const a = geocode('Portland', 'OR');
    const b = geocode('  portland ', 'oregon');
    expect(a).toEqual(b);
    expect(a!.lat).toBeCloseTo(45.52, 1);
    expect(a!.lng).toBeCloseTo(-122.68, 1);
    expect(geocode('Portland', 'ME')!.lng).toBeCloseTo(-70.25, 0);
  });

  it('finds a US "... City" by the name people list it under: New York, NY', () => {
    const ny = geocode('New York', 'NY');
    expect(ny!.lat).toBeCloseTo(40.71, 1);
    expect(ny!.lng).toBeCloseTo(-74.0, 0);
    expect(geocode('Salt Lake', 'UT')).toEqual(geocode('Salt Lake City', 'UT'));
    expect(geocode('Kansas', 'MO')).toEqual(geocode('Kansas City', 'MO'));
  });

  it('answers null for an unknown place or a city not in the given US state', () => {
    expect(geocode('Nowhereville Xyz', 'CA')).toBeNull();
    expect(geocode('Portland', 'NV')).toBeNull();
  });

  it('knows state names and codes', () => {
    expect(stateCode('new york')).toBe('NY');
    expect(stateCode('tx')).toBe('TX');
    expect(stateCode('Bavaria')).toBeNull();
  });

  it('measures great-circle distance', () => {
    const sf = geocode('San Francisco', 'CA')!;
    const oak = geocode('Oakland', 'CA')!;
    expect(distanceKm(sf, oak)).toBeGreaterThan(10);
    expect(distanceKm(sf, oak)).toBeLessThan(20);
  });
});
