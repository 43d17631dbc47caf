import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { loadConfig } from '../config.ts';
import { hashPassword } from '../features/auth/password.ts';
import { geocode } from '../features/listings/geo.ts';
import { DataDirLockedError, type DbHandle, openDatabase } from './client.ts';
import { listings, uploads, users } from './schema.ts';

// npm run seed                       demo hosts and ~60 listings with photos
// npm run seed -- --listings 100000  that many more listings (for benchmarks)
const args = process.argv.slice(2);
const countArg = args.indexOf('--listings');
const bulk = countArg >= 0 ? Number(args[countArg + 1]) : 0;
if (countArg >= 0 && (!Number.isInteger(bulk) || bulk < 1)) {
  console.error('--listings needs a positive whole number');
  process.exit(1);
}

if (fs.existsSync('.env')) process.loadEnvFile('.env');
const config = loadConfig();
const DEMO_PASSWORD = 'yardshare-demo';

const CITIES: [string, string][] = [
  ['Portland', 'OR'],
  ['Seattle', 'WA'],
  ['San Francisco', 'CA'],
  ['Oakland', 'CA'],
  ['Los Angeles', 'CA'],
  ['San Diego', 'CA'],
  ['Sacramento', 'CA'],
  ['Austin', 'TX'],
  ['Houston', 'TX'],
  ['Dallas', 'TX'],
  ['Denver', 'CO'],
  ['Boulder', 'CO'],
  ['Phoenix', 'AZ'],
  ['Tucson', 'AZ'],
  ['Salt Lake City', 'UT'],
  ['Albuquerque', 'NM'],
  ['Minneapolis', 'MN'],
  ['Chicago', 'IL'],
  ['Detroit', 'MI'],
  ['Madison', 'WI'],
  ['Columbus', 'OH'],
  ['Pittsburgh', 'PA'],
  ['Philadelphia', 'PA'],
  ['New York', 'NY'],
  ['Brooklyn', 'NY'],
  ['Boston', 'MA'],
  ['Burlington', 'VT'],
  ['Portland', 'ME'],
  ['Baltimore', 'MD'],
  ['Richmond', 'VA'],
  ['Asheville', 'NC'],
  ['Raleigh', 'NC'],
  ['Atlanta', 'GA'],
  ['Savannah', 'GA'],
  ['Nashville', 'TN'],
  ['New Orleans', 'LA'],
  ['Miami', 'FL'],
  ['Orlando', 'FL'],
  ['Tampa', 'FL'],
  ['Kansas City', 'MO'],
  ['St. Louis', 'MO'],
  ['Omaha', 'NE'],
  ['Boise', 'ID'],
  ['Missoula', 'MT'],
  ['Honolulu', 'HI'],
  ['Anchorage', 'AK'],
  ['Eugene', 'OR'],
  ['Santa Fe', 'NM'],
];
const STREETS = [
  'Maple Ave',
  'Orchard Rd',
  'Garden Ln',
  'Willow St',
  'Meadow Dr',
  'Cedar Ct',
  'Elm St',
  'Harvest Way',
  'Sunflower Blvd',
  'Brook Rd',
];
const ADJ = [
  'Sunny',
  'Quiet',
  'Shaded',
  'South-facing',
  'Terraced',
  'Spacious',
  'Cozy',
  'Raised-bed',
  'Organic',
  'Historic',
];
const PLACE = {
  rental: ['backyard plot', 'garden bed', 'half-acre field', 'greenhouse bench', 'orchard corner'],
  exchange: ['market garden', 'family farm', 'herb garden', 'berry patch', 'homestead'],
  community: [
    'community garden',
    'neighbourhood allotment',
    'school garden',
    'shared plot',
    'rooftop garden',
  ],
} as const;
const AMENITIES = [
  'Water access',
  'Tool shed',
  'Compost bins',
  'Rain barrels',
  'Full sun',
  'Fenced',
  'Raised beds',
  'Greenhouse',
  'Parking',
  'Drip irrigation',
  'Seed library',
  'Picnic table',
];
const SOIL = [
  'rich loam that has been amended with compost for years',
  'sandy soil that drains fast and warms early in spring',
  'heavy clay broken up with leaf mould',
  'black soil that has not seen a chemical in a decade',
];
const CROPS = [
  'tomatoes and peppers',
  'salad greens and herbs',
  'squash, beans and corn',
  'berries and perennials',
  'garlic, onions and potatoes',
  'flowers for pollinators',
];

let seed = 42;
const rand = () => {
  seed = (seed * 1103515245 + 12345) & 0x7fffffff;
  return seed / 0x7fffffff;
};
const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)];

// A simple garden scene (sky, field, planted rows), drawn as SVG and encoded as WebP.
async function gardenPhoto(i: number): Promise<Buffer> {
  const hue = 90 + ((i * 17) % 50);
  const sky = ['#cfe8f7', '#f7e3c6', '#e2eef7', '#fde9d9'][i % 4];
  const rows = Array.from({ length: 7 }, (_, r) => {
    const y = 300 + r * 42;
    const plants = Array.from(
      { length: 14 },
      (_, c) =>
        `<circle cx="${40 + c * 58 + (r % 2) * 20}" cy="${y - 8}" r="${10 + ((c * 7 + r * 3 + i) % 9)}" fill="hsl(${hue + ((c + r) % 5) * 8},55%,${32 + ((c + i) % 4) * 6}%)"/>`,
    ).join('');
    return `<rect x="0" y="${y}" width="800" height="14" fill="#6b4a2b" opacity="0.55"/>${plants}`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600"><rect width="800" height="600" fill="${sky}"/><circle cx="${620 - (i % 5) * 60}" cy="90" r="46" fill="#f9d66b"/><path d="M0 250 Q200 ${200 + (i % 3) * 20} 400 240 T800 230 V600 H0z" fill="hsl(${hue},35%,62%)"/><rect x="0" y="280" width="800" height="320" fill="hsl(${hue - 10},30%,45%)"/>${rows}</svg>`;
  return sharp(Buffer.from(svg)).webp({ quality: 78 }).toBuffer();
}

async function main() {
  let handle: DbHandle;
  try {
    handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  } catch (err) {
    if (!(err instanceof DataDirLockedError)) throw err;
    console.error(
      `Cannot seed: the database in ${config.dataDir} is in use by process ${err.pid}, probably the server. ` +
        'Stop the server first, then run npm run seed again.',
    );
    process.exit(1);
  }
  await handle.migrate();
  const { db } = handle;
  fs.mkdirSync(config.uploadsDir, { recursive: true });

  const existing = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`${users.username} like 'demo\\_%'`);
  let hostIds = existing.map((u) => u.id);
  const photos: string[] = [];

  if (!hostIds.length) {
    console.log('creating demo hosts...');
    const passwordHash = await hashPassword(DEMO_PASSWORD, config.passwordHashLog2N);
    const names = [
      'Maya Green',
      'Luis Ortega',
      'Priya Nair',
      'Tom Becker',
      'Aiko Tanaka',
      'Grace Okafor',
      'Sam Whitfield',
      'Elena Rossi',
      'Jamal Carter',
      'Hannah Lee',
      'Noah Fischer',
      'Rosa Delgado',
    ];
    const rows = await db
      .insert(users)
      .values(
        names.map((name, i) => ({
          username: `demo_${name.split(' ')[0].toLowerCase()}`,
          email: `demo${i + 1}@yardshare.example`,
          name,
          bio: `Gardener in ${CITIES[i][0]}. Happy to share space and seeds.`,
          passwordHash,
        })),
      )
      .returning({ id: users.id });
    hostIds = rows.map((r) => r.id);
  }

  console.log('drawing photos...');
  for (let i = 0; i < 12; i++) {
    const name = `${randomBytes(16).toString('hex')}.webp`;
    fs.writeFileSync(path.join(config.uploadsDir, name), await gardenPhoto(i));
    photos.push(`/uploads/${name}`);
  }
  await db.insert(uploads).values(photos.map((p, i) => ({ userId: hostIds[i % hostIds.length], path: p })));

  const makeListing = (i: number, withPhoto: boolean) => {
    const type = (['rental', 'exchange', 'community'] as const)[i % 3];
    const [city, state] = CITIES[i % CITIES.length];
    const point = geocode(city, state);
    const place = pick(PLACE[type]);
    const crops = pick(CROPS);
    const photoIndex = i % photos.length;
    return {
      userId: hostIds[photoIndex % hostIds.length],
      type,
      title: `${pick(ADJ)} ${place} in ${city}`,
      description: `A ${place} with ${pick(SOIL)}. Ideal for ${crops}. ${type === 'rental' ? 'Rent by the month; water is included.' : type === 'exchange' ? 'Help with weeding and harvest in return for your own beds.' : 'Free to join: bring your own seeds and share the tools.'} The host is nearby and glad to help newcomers get started.`,
      price: type === 'rental' ? 25 + Math.floor(rand() * 40) * 5 : null,
      workHours: type === 'exchange' ? 2 + Math.floor(rand() * 12) : null,
      location: `${100 + Math.floor(rand() * 9800)} ${pick(STREETS)}`,
      city,
      state,
      size: pick(['120 sq ft', '200 sq ft', '400 sq ft', '1/4 acre', '1/2 acre', '2 acres']),
      amenities: Array.from(new Set([pick(AMENITIES), pick(AMENITIES), pick(AMENITIES)])),
      images: withPhoto ? [photos[photoIndex]] : [],
      lat: point ? point.lat + (rand() - 0.5) * 0.08 : null,
      lng: point ? point.lng + (rand() - 0.5) * 0.08 : null,
    };
  };

  const total = bulk || 60;
  console.log(`adding ${total} listings...`);
  const started = Date.now();
  for (let done = 0; done < total; ) {
    const n = Math.min(1000, total - done);
    await db
      .insert(listings)
      .values(
        Array.from({ length: n }, (_, k) => makeListing(done + k, bulk === 0 || (done + k) % 10 === 0)),
      );
    done += n;
    if (bulk && done % 10_000 === 0)
      console.log(`  ${done} (${Math.round((Date.now() - started) / 1000)} s)`);
  }
  if (handle.kind === 'postgres') await db.execute(sql`analyze listings`);
  console.log(
    `done: ${total} listings in ${Date.now() - started} ms. Demo hosts: demo_maya ... demo_rosa, password "${DEMO_PASSWORD}".`,
  );
  await handle.close();
}

await main();
