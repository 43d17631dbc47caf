import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';

// Real images made on the fly for upload tests.
export async function jpegWithGps(width = 64, height = 48): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 60, g: 140, b: 70 } } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: 'TestCam', Model: 'Yard 1' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '45/1 31/1 0/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '122/1 40/1 0/1',
      },
    })
    .toBuffer();
}

export async function png(width = 32, height = 32): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: { r: 200, g: 180, b: 90, alpha: 1 } } })
    .png()
    .toBuffer();
}

export async function avif(): Promise<Buffer> {
  return sharp({ create: { width: 16, height: 16, channels: 3, background: '#557733' } })
    .avif()
    .toBuffer();
}

// A multipart/form-data body for app.inject.
export function multipart(files: { field?: string; name: string; type: string; data: Buffer }[]) {
  const boundary = `----yardshare${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const f of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field ?? 'images'}"; filename="${f.name}"\r\nContent-Type: ${f.type}\r\n\r\n`,
      ),
    );
    chunks.push(f.data, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

// One image uploaded through POST /api/upload as the member of `cookie`: its URL. Anything but a
// 200 fails the test with the answer.
export async function uploadImage(
  app: { inject: FastifyInstance['inject'] },
  cookie: string,
  file: { name: string; type: string; data: Buffer },
): Promise<string> {
  const { payload, headers } = multipart([file]);
  const res = await app.inject({
    method: 'POST',
    url: '/api/upload',
    payload,
    headers: { ...headers, cookie },
  });
  if (res.statusCode !== 200) throw new Error(`upload: ${res.statusCode} ${res.body}`);
  return (res.json() as string[])[0]!;
}
