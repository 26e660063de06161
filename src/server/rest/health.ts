import type { RestApp } from './kit';

export function registerHealthRoutes(api: RestApp): void {
  api.get('/health', (c) => {
    c.get('services').db.$client.prepare('select 1').get();
    return c.json({ status: 'ok' });
  });
}
