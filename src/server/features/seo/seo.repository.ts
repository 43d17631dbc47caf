import type { ListingForHead } from '#shared/seo.ts';
import type { Db } from '../../db/client.ts';
import { activeListingForHead, activeListingsById, countActiveListings } from '../listings/queries.ts';

const MAX_INT = 2_147_483_647;
// Listings per sitemap file: each is listed in five languages, 25,000 URLs (the protocol allows
// 50,000 per file and 50 MB; with its alternates a URL takes about 900 bytes).
export const SITEMAP_LISTINGS_PER_FILE = 5_000;

// Read-only access to what crawlers may see: active listings only (read through the listings'
// queries.ts).
export class SeoRepository {
  private readonly db: Db;
  constructor(db: Db) {
    this.db = db;
  }

  async findActiveListing(id: number): Promise<(ListingForHead & { generatedParts: unknown }) | null> {
    if (!Number.isSafeInteger(id) || id < 1 || id > MAX_INT) return null;
    return activeListingForHead(this.db, id);
  }

  countActiveListings(): Promise<number> {
    return countActiveListings(this.db);
  }

  // One sitemap file's listings (page 0 first), in id order so a listing keeps its file.
  activeListingsForSitemap(page: number): Promise<{ id: number; updatedAt: Date }[]> {
    return activeListingsById(this.db, {
      limit: SITEMAP_LISTINGS_PER_FILE,
      offset: page * SITEMAP_LISTINGS_PER_FILE,
    });
  }
}
