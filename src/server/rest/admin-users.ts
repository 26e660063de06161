import type { RestApp } from './kit';

export function registerAdminUsersRoutes(api: RestApp): void {}
