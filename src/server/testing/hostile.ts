import fc from 'fast-check';

// Generators of hostile input for the fuzz test: strings the database cannot take, ids past the
// integer range, impossible dates, broken JSON and multipart, and valid bodies with one field made
// hostile.

export const hostileString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '\uD800',
    'x\uDC00y',
    '\uFFFF',
    '0',
    '-1',
    '2147483647',
    '2147483648',
    '99999999999999999999',
    '1e309',
    'NaN',
    '0000-01-01',
    '+275760-09-13',
    '2026-02-30',
    'Sat, 01 Jan 2022 00:00:00 GMT+0500',
    "' or 1=1 --",
    '<script>alert(1)</script>',
    '../../etc/passwd',
    '%00',
    'x'.repeat(6000),
    'eyJ0cyI6IjAwMDAtMDEtMDEgMDA6MDA6MDArMDAiLCJpZCI6MX0',
    'eyJkIjoxLCJpZCI6OTk5OTk5OTk5OTl9',
  ),
);

export const FIELDS = [
  'username',
  'password',
  'email',
  'name',
  'bio',
  'title',
  'description',
  'type',
  'price',
  'workHours',
  'location',
  'city',
  'state',
  'size',
  'amenities',
  'images',
  'toUserId',
  'content',
  'rating',
  'comment',
  'listingId',
  'amount',
  'rentalStart',
  'q',
  'near',
  'radiusKm',
  'sort',
  'limit',
  'cursor',
  'ids',
  'all',
  'start',
  'months',
  'note',
  'hours',
  'date',
  'token',
  'email',
  'id',
];

export const hostileValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    hostileString,
    fc.integer(),
    fc.constantFrom(2147483648, -2147483649, 1e308, -0, 0.5, Number.MAX_SAFE_INTEGER + 2),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.constantFrom(...FIELDS), tie('value'), { maxKeys: 3 }),
  ),
})).value;

// Encodes a string's UTF-8 bytes for a URL; raw %-escapes (e.g. "%00", "%FF") pass as they are.
export const urlPart = (s: string) =>
  /^(%[0-9A-Fa-f]{2})+$/.test(s)
    ? s
    : Array.from(Buffer.from(s, 'utf8'), (b) =>
        /[A-Za-z0-9_.~-]/.test(String.fromCharCode(b))
          ? String.fromCharCode(b)
          : `%${b.toString(16).padStart(2, '0')}`,
      ).join('');

export const query = fc
  .array(fc.tuple(fc.constantFrom(...FIELDS, 'available', 'location', 'type'), hostileString), {
    maxLength: 4,
  })
  .map((pairs) => pairs.map(([k, v]) => `${k}=${urlPart(v)}`).join('&'));

export const body = fc.oneof(
  fc.dictionary(fc.constantFrom(...FIELDS), hostileValue, { maxKeys: 6 }).map((o) => ({
    type: 'application/json',
    payload: JSON.stringify(o),
  })),
  hostileValue.map((v) => ({ type: 'application/json', payload: JSON.stringify(v) ?? 'null' })),
  hostileString.map((s) => ({ type: 'application/json', payload: s })),
  hostileString.map((s) => ({ type: 'text/plain', payload: s })),
  fc.constantFrom(
    { type: 'multipart/form-data', payload: 'no boundary at all' },
    {
      type: 'multipart/form-data; boundary=xyz',
      payload: '--xyz\r\nContent-Disposition: form-data; name="images"',
    },
    {
      type: 'multipart/form-data; boundary=xyz',
      payload:
        '--xyz\r\nContent-Disposition: form-data; name="images"; filename="a.png"\r\n\r\nnot an image\r\n--xyz--\r\n',
    },
  ),
);

// A route's path with its parameters filled: hostile values or ids that exist.
export const fuzzPath = (pattern: string, ids: string[]) =>
  fc
    .array(fc.oneof(hostileString, fc.constantFrom(...ids, '%00', '%FF')), {
      minLength: 3,
      maxLength: 3,
    })
    .map((vals) => {
      let i = 0;
      return pattern.replace(/:[A-Za-z]+|\*/g, () => urlPart(vals[i++ % 3]));
    });

// A valid body with one or two fields replaced by hostile values, or with NUL or a lone surrogate
// slipped into its text.
export const mutated = (valid: Record<string, unknown>) =>
  fc
    .tuple(
      fc.subarray(Object.keys(valid), { minLength: 1, maxLength: 2 }),
      hostileValue,
      fc.constantFrom('\u0000', '\uD83D', '\uDE00x', ''),
    )
    .map(([keys, value, bad]) => {
      const out: Record<string, unknown> = { ...valid };
      for (const k of keys)
        out[k] =
          bad && typeof valid[k] === 'string'
            ? `${valid[k]}${bad}`
            : bad && Array.isArray(valid[k])
              ? [bad]
              : value;
      return { type: 'application/json', payload: JSON.stringify(out) };
    });
