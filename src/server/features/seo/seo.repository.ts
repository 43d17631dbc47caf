import { and, desc, eq } from 'drizzle-orm';
import type { ListingForHead } from '#shared/seo.ts';
import type { Db } from '../../db/client.ts';
import { listings } from '../../db/schema.ts';

const MAX_INT = 2_147_483_647;
// The sitemap protocol allows 50,000 URLs per file.
export const SITEMAP_LISTINGS_MAX = 49_000;

// Read-only access to what crawlers may see: active listings only.
export class SeoRepository {
  constructor(private readonly db: Db) {}

  async findActiveListing(id: number): Promise<ListingForHead | null> {
    if (!Number.isSafeInteger(id) || id < 1 || id > MAX_INT) return null;
    const [row] = await this.db
      .select({
        id: listings.id,
        title: listings.title,
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

  async activeListingsForSitemap(): Promise<{ id: number; updatedAt: Date }[]> {
    return this.db
      .select({ id: listings.id, updatedAt: listings.updatedAt })
      .from(listings)
      .where(eq(listings.active, true))
      .orderBy(desc(listings.updatedAt))
      .limit(SITEMAP_LISTINGS_MAX);
  }
}
