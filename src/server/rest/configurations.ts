import type { RestApp } from './kit';

export function registerConfigurationsRoutes(api: RestApp): void {}
