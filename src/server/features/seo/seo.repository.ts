import { and, asc, count, eq } from 'drizzle-orm';
import type { ListingForHead } from '#shared/seo.ts';
import type { Db } from '../../db/client.ts';
import { listings } from '../../db/schema.ts';

const MAX_INT = 2_147_483_647;
// Listings per sitemap file: each is listed in five languages, 25,000 URLs (the protocol allows
// 50,000 per file and 50 MB; with its alternates a URL takes about 900 bytes).
export const SITEMAP_LISTINGS_PER_FILE = 5_000;

// Read-only access to what crawlers may see: active listings only.
export class SeoRepository {
  private readonly db: Db;
  constructor(db: Db) {
    this.db = db;
  }

  async findActiveListing(id: number): Promise<(ListingForHead & { generatedParts: unknown }) | null> {
    if (!Number.isSafeInteger(id) || id < 1 || id > MAX_INT) return null;
    const [row] = await this.db
      .select({
        id: listings.id,
        title: listings.title,
        generatedParts: listings.generatedParts,
        description: listings.description,
        type: listings.type,
        price: listings.price,
        workHours: listings.workHours,
        city: listings.city,
        state: listings.state,
        images: listings.images,
      })
      .from(listings)
      .where(and(eq(listings.id, id), eq(listings.active, true)))
      .limit(1);
    return row ?? null;
  }

  async countActiveListings(): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(listings).where(eq(listings.active, true));
    return Number(row?.n ?? 0);
  }

  // One sitemap file's listings (page 0 first), in id order so a listing keeps its file.
  async activeListingsForSitemap(page: number): Promise<{ id: number; updatedAt: Date }[]> {
    return this.db
      .select({ id: listings.id, updatedAt: listings.updatedAt })
      .from(listings)
      .where(eq(listings.active, true))
      .orderBy(asc(listings.id))
      .limit(SITEMAP_LISTINGS_PER_FILE)
      .offset(page * SITEMAP_LISTINGS_PER_FILE);
  }
}
