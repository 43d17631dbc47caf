import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DEFAULT_AGREEMENT } from '#shared/agreement.ts';
import { errorResponses } from '#shared/errors.ts';
import { listingDetailSchema, listingSchema, listingSummarySchema } from '#shared/listings.ts';
import { fastSerializerCompiler, serializableJsonSchema } from './serializer.ts';

const route = (schema: z.ZodType) => ({ schema, method: 'GET', url: '/x', httpStatus: '200' });
const both = (schema: z.ZodType) => [
  fastSerializerCompiler(route(schema) as never) as (d: unknown) => string,
  zodSerializerCompiler(route(schema) as never) as (d: unknown) => string,
];

const listing = {
  id: 7,
  userId: 3,
  title: 'Sunny "bed" \u2028 in Portland \ud83c\udf45',
  description: 'Line one\nline two, <script>alert(1)</script> \\ back\u0001slash',
  type: 'rental' as const,
  price: 45,
  workHours: null,
  location: '12 Elm St',
  city: 'Portland',
  state: 'OR',
  size: null,
  amenities: ['Water access', 'Fenced'],
  images: [],
  lat: 45.523450012,
  lng: -122.6762,
  exactLocation: true,
  createdAt: '2026-11-22T20:19:18.123Z',
  updatedAt: '2026-11-22T20:19:18.123Z',
  active: true,
  plots: 1,
  seasonStart: 4,
  seasonEnd: null,
  bookingMode: 'instant' as const,
  cancellationPolicy: 'moderate' as const,
  agreement: { ...DEFAULT_AGREEMENT, houseRules: 'Close the “gate”.\nNo sprays', structuresAllowed: true },
};

describe('the production serializer', () => {
  it('writes listing summaries byte for byte as the Zod serializer does, nulls, optional fields and extra fields included', () => {
    const [fast, zod] = both(z.array(listingSummarySchema));
    const data = [
      listing,
      { ...listing, id: 8, distanceKm: 12.3, price: null, size: '1/4 acre', seasonStart: null },
      { ...listing, id: 9, distanceKm: 0, lat: null, lng: null, passwordHash: 'secret', extra: { a: 1 } },
    ];
    expect(fast(data)).toBe(zod(data));
    expect(JSON.parse(fast(data))).toEqual(JSON.parse(zod(data)));
    expect(fast(data)).not.toContain('secret');
    expect(fast([])).toBe('[]');
  });

  it('writes a listing detail and a listing as the Zod serializer does', () => {
    const detail = {
      ...listing,
      rating: { average: null, count: 0, fromStays: { average: null, count: 0 } },
      host: { id: 3, memberSince: '2026-01-01T00:00:00.000Z', email: 'leak@example.com' },
    };
    for (const [schema, value] of [
      [listingDetailSchema, detail],
      [
        listingDetailSchema,
        { ...detail, rating: { average: 4.5, count: 2, fromStays: { average: 5, count: 1 } } },
      ],
      [listingSchema, listing],
    ] as const) {
      const [fast, zod] = both(schema);
      expect(fast(value)).toBe(zod(value));
      expect(fast(value)).not.toContain('leak@');
    }
  });

  it('writes the error answers as the Zod serializer does', () => {
    const [fast, zod] = both(errorResponses[404]);
    for (const value of [{ message: 'Not found' }, { message: 'Nope', code: 'LISTING_NOT_FOUND' }])
      expect(fast(value)).toBe(zod(value));
  });

  it('keeps the Zod serializer where a JSON Schema cannot say what Zod writes', () => {
    const union = z.union([z.object({ a: z.number() }), z.object({ a: z.number(), b: z.string() })]);
    expect(serializableJsonSchema(union)).toBeNull();
    expect(serializableJsonSchema(z.object({ at: z.date() }))).toBeNull();
    expect(serializableJsonSchema(z.object({ n: z.string().transform((s) => s.length) }))).toBeNull();
    const [fast, zod] = both(union);
    expect(fast({ a: 1, b: 'x' })).toBe(zod({ a: 1, b: 'x' }));
  });
});
