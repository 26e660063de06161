import type { RestApp } from './kit';

export function registerAdminCatalogRoutes(api: RestApp): void {}
