import path from 'node:path';
import type { Db } from '../../db/client.ts';
import { ChunkPreloads } from './preloads.ts';
import { SeoRepository } from './seo.repository.ts';
import { HtmlTemplate, type PageRenderer, SeoService } from './seo.service.ts';

// The pages' service for the built client's index.html (none in tests that build no client) and
// its pre-renderer; built by the composition root (app.ts).
export function createSeoService(
  db: Db,
  indexHtml: string | null,
  renderer: PageRenderer | null,
  pagesBytes?: number,
): SeoService {
  return new SeoService(
    new SeoRepository(db),
    indexHtml ? HtmlTemplate.fromFile(indexHtml) : null,
    indexHtml ? ChunkPreloads.fromFile(path.join(path.dirname(indexHtml), '.vite', 'manifest.json')) : null,
    renderer,
    pagesBytes,
  );
}
