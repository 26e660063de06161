import { catalogSnapshot, type CatalogList } from '../services/catalog-cache';
import { requireSignedIn } from '../trpc/init';
import { apiJsonText } from '../security';
import { direct } from './direct';
import type { RestApp } from './kit';

/**
 * Catalogue reads, answered with the cache's ready-made JSON (the same lists the catalog.* procedures return).
 * The admin writes on the same paths are registered by the admin adapter.
 */
export function registerCatalogRoutes(api: RestApp): void {
  const lists: [string, CatalogList][] = [
    ['/packages', 'packages'],
    ['/addons', 'addOns'],
    ['/addon-categories', 'categories'],
    ['/discounts', 'discounts'],
  ];
  for (const [path, list] of lists) {
    api.get(path, (c) => direct(c, (ctx) => apiJsonText(c, catalogSnapshot(requireSignedIn(ctx).db).json[list])));
  }
}
