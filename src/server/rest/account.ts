import type { RestApp } from './kit';

export function registerAccountRoutes(api: RestApp): void {}
