import { run, type RestApp } from './kit';

export function registerHealthRoutes(api: RestApp): void {
  api.get('/health', (c) => run(c, (caller) => caller.health()));
}
