import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROUTE_MODULES } from './preloads.ts';

describe('route chunk preloads', () => {
  it('name modules that exist and that the router loads', () => {
    const router = fs.readFileSync('src/client/app/router.tsx', 'utf8');
    for (const [, module] of ROUTE_MODULES) {
      expect(fs.existsSync(path.join('src/client', module)), module).toBe(true);
      const inRouter = module.startsWith('app/') ? `./${module.slice(4)}` : `#client/${module}`;
      expect(router, module).toContain(`import('${inRouter}')`);
    }
  });
});
