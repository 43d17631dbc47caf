import { describe, expect, it } from 'vitest';
import { registerUser } from '../../testing/factories.ts';
import { multipart, png } from '../../testing/images.ts';
import { buildTestApp } from '../../testing/test-app.ts';

// A listing's photo is at least 640 px on its shorter side (ADR 038): refused when uploaded for a
// listing, and when a smaller upload is attached to one; the message in the visitor's language.
const { app } = await buildTestApp();
const host = await registerUser(app);
const listing = {
  type: 'community',
  title: 'Shared beds by the school',
  description: 'Six raised beds open to neighbours, with water and tools in the shed.',
  location: '3 School Lane',
  city: 'Eugene',
  state: 'OR',
  amenities: [],
};

async function upload(width: number, height: number, query = '', language = 'en') {
  const { payload, headers } = multipart([
    { name: 'a.png', type: 'image/png', data: await png(width, height) },
  ]);
  return app.inject({
    method: 'POST',
    url: `/api/upload${query}`,
    payload,
    headers: { ...headers, cookie: host.cookie, 'accept-language': language },
  });
}

describe('listing photos', () => {
  it('are refused for a listing under 640 px on the shorter side, in the visitor language', async () => {
    const small = await upload(900, 639, '?for=listing');
    expect(small.statusCode).toBe(400);
    expect(small.json()).toMatchObject({
      code: 'PHOTO_TOO_SMALL',
      message: 'Each photo of a listing must be at least 640 px on its shorter side',
    });
    const german = await upload(639, 900, '?for=listing', 'de');
    expect(german.json().message).toBe(
      'Jedes Foto eines Inserats muss an der kürzeren Seite mindestens 640 px haben',
    );
    expect((await upload(640, 800, '?for=listing')).statusCode).toBe(200);
    expect((await upload(640, 800, '?for=avatar')).statusCode).toBe(400);
  });

  it('are checked again when attached to a listing; other uploads (an avatar) may be smaller', async () => {
    const [small] = (await upload(320, 240)).json();
    const [large] = (await upload(1024, 768)).json();
    const create = (images: string[]) =>
      app.inject({
        method: 'POST',
        url: '/api/listings',
        headers: { cookie: host.cookie },
        payload: { ...listing, images },
      });
    const refused = await create([large, small]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('PHOTO_TOO_SMALL');
    expect((await create([large])).statusCode).toBe(201);
  });
});
