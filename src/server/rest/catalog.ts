import { run, type RestApp } from './kit';

/** Catalogue reads. The admin writes on the same paths are registered by the admin adapter. */
export function registerCatalogRoutes(api: RestApp): void {
  api.get('/packages', (c) => run(c, (caller) => caller.catalog.packages()));
  api.get('/addons', (c) => run(c, (caller) => caller.catalog.addOns()));
  api.get('/addon-categories', (c) => run(c, (caller) => caller.catalog.categories()));
  api.get('/discounts', (c) => run(c, (caller) => caller.catalog.discounts()));
}
