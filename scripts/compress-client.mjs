// After `vite build`: every text asset of the built client (scripts, styles, SVG, JSON) gets a
// brotli (quality 11) and a gzip (level 9) copy beside it, made once here, so the server sends
// them as they are (@fastify/static preCompressed) instead of compressing each request at a fast,
// weaker level. Files under 1 KB are left alone, as the server leaves them uncompressed.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const root = path.resolve(process.env.YS_DIST ?? 'dist', 'client');
const TEXT = new Set(['.js', '.css', '.svg', '.json', '.txt', '.xml', '.webmanifest']);

let files = 0;
let raw = 0;
let br = 0;
for (const entry of fs.readdirSync(root, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !TEXT.has(path.extname(entry.name))) continue;
  const file = path.join(entry.parentPath, entry.name);
  const body = fs.readFileSync(file);
  if (body.length < 1024) continue;
  const brotli = zlib.brotliCompressSync(body, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
    },
  });
  fs.writeFileSync(`${file}.br`, brotli);
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(body, { level: 9 }));
  files += 1;
  raw += body.length;
  br += brotli.length;
}
console.log(
  `compressed ${files} client files: ${Math.round(raw / 1024)} KB -> ${Math.round(br / 1024)} KB brotli`,
);
