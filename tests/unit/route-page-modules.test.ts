import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ROUTE_PAGE_MODULES } from '@/server/modules/web-pages/route-chunks';

// The server's list of screens to modulepreload must name the modules the router loads.
describe('ROUTE_PAGE_MODULES', () => {
  const router = readFileSync('src/web/app/router.tsx', 'utf8');
  it.each(ROUTE_PAGE_MODULES.map(([, module]) => module))(
    '%s is a page the router imports',
    (module) => {
      expect(existsSync(module)).toBe(true);
      expect(router).toContain(`import('${module.replace(/^src\//, '@/').replace(/\.tsx$/, '')}')`);
    },
  );
});
