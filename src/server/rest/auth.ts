import { jsonBody, run, type RestApp } from './kit';

export function registerAuthRoutes(api: RestApp): void {
  api.post('/login', (c) => run(c, async (caller) => caller.auth.login(await jsonBody(c))));
  api.post('/logout', (c) => run(c, (caller) => caller.auth.logout()));
  api.get('/user', (c) => run(c, (caller) => caller.auth.me()));
  api.get('/auth/check', (c) => run(c, (caller) => caller.auth.check()));
}
