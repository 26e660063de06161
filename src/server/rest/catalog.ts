import type { RestApp } from './kit';
import { jsonBody, run } from './kit';

/**
 * Catalogue reads: the catalog.* procedures (run answers the cache's ready-made JSON of the list they return). The
 * admin writes on the same paths are registered by the admin adapter.
 */
export function registerCatalogRoutes(api: RestApp): void {
  api.get('/packages', (c) => run(c, (caller) => caller.catalog.packages()));
  api.get('/addons', (c) => run(c, (caller) => caller.catalog.addOns()));
  api.get('/addon-categories', (c) => run(c, (caller) => caller.catalog.categories()));
  api.get('/discounts', (c) => run(c, (caller) => caller.catalog.discounts()));
  api.get('/company', (c) => run(c, (caller) => caller.catalog.company()));
  api.put('/admin/company', (c) => run(c, async (caller) => caller.admin.company.update(await jsonBody(c))));
}
