import { describe, expect, it } from 'vitest';
import { stateKey, US_STATES, usStateCode } from '#shared/us-states.ts';
import { escapeLike, fuzzyWords, parseLocation } from './search-terms.ts';

describe('the location box', () => {
  it('reads a trailing state name or code as the state, with or without a comma, in any case', () => {
    for (const text of ['Portland, OR', 'Portland OR', 'portland or', 'PORTLAND, oregon', 'Portland Oregon.'])
      expect(parseLocation(text), text).toEqual({ city: expect.stringMatching(/^portland$/i), state: 'OR' });
    expect(parseLocation('Austin TX')).toEqual({ city: 'Austin', state: 'TX' });
    expect(parseLocation('austin, tx')).toEqual({ city: 'austin', state: 'TX' });
    expect(parseLocation('New York NY')).toEqual({ city: 'New York', state: 'NY' });
    expect(parseLocation('Kansas City,  Missouri')).toEqual({ city: 'Kansas City', state: 'MO' });
    expect(parseLocation('Washington DC')).toEqual({ city: 'Washington', state: 'DC' });
  });

  it('reads a lone state as the state, longest name first', () => {
    for (const text of ['Oregon', 'oregon', 'OR', 'or', '  Or  '])
      expect(parseLocation(text), text).toEqual({ state: 'OR' });
    expect(parseLocation('West Virginia')).toEqual({ state: 'WV' });
    expect(parseLocation('west   virginia')).toEqual({ state: 'WV' });
    expect(parseLocation('Virginia')).toEqual({ state: 'VA' });
    expect(parseLocation('Charleston West Virginia')).toEqual({ city: 'Charleston', state: 'WV' });
    expect(parseLocation('New York')).toEqual({ state: 'NY' });
    expect(parseLocation('district of columbia')).toEqual({ state: 'DC' });
  });

  it('keeps anything else as a city or a state, and a foreign state as typed', () => {
    expect(parseLocation('Austin')).toEqual({ either: 'Austin' });
    expect(parseLocation('Salt Lake City')).toEqual({ either: 'Salt Lake City' });
    expect(parseLocation('Virginia Beach')).toEqual({ either: 'Virginia Beach' });
    expect(parseLocation('Munich, Bavaria')).toEqual({ city: 'Munich', state: 'Bavaria' });
    expect(parseLocation('Portland,')).toEqual({ either: 'Portland' });
    expect(parseLocation(', oregon')).toEqual({ state: 'OR' });
    expect(parseLocation(' , ')).toEqual({});
  });

  it('has the 50 states, DC and Puerto Rico, each found by name and code', () => {
    expect(US_STATES).toHaveLength(52);
    for (const [name, code] of US_STATES) {
      expect(usStateCode(name.toUpperCase())).toBe(code);
      expect(usStateCode(code.toLowerCase())).toBe(code);
    }
    expect(stateKey(' new  york ')).toBe('NY');
    expect(stateKey('Île  de France')).toBe('Île de France');
  });
});

describe('keywords', () => {
  it('gives typo tolerance the plain words of three letters or more, and none for the operators', () => {
    expect(fuzzyWords('Tomatos in a greenhous, tomatos!')).toEqual(['tomatos', 'greenhous']);
    expect(fuzzyWords('"raised beds"')).toEqual([]);
    expect(fuzzyWords('beds -apple')).toEqual([]);
    expect(fuzzyWords('beds or apples')).toEqual([]);
    expect(fuzzyWords('well-drained soil')).toEqual(['well', 'drained', 'soil']);
  });

  it('escapes LIKE wildcards', () => {
    expect(escapeLike('50%_a\\b')).toBe('50\\%\\_a\\\\b');
  });
});
