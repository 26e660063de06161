import { sessionCheckOf } from '../auth/session';
import { toUserDto } from '../services/users';
import { requireSignedIn } from '../trpc/init';
import { apiJsonText } from '../security';
import { direct } from './direct';
import { jsonBody, run, type RestApp } from './kit';

export function registerAuthRoutes(api: RestApp): void {
  api.post('/login', (c) => run(c, async (caller) => caller.auth.login(await jsonBody(c))));
  api.post('/logout', (c) => run(c, (caller) => caller.auth.logout()));
  // Every screen asks these: the procedures' rules (auth.me, auth.check) without the caller (rest/direct.ts).
  api.get('/user', (c) => direct(c, (ctx) => apiJsonText(c, JSON.stringify(toUserDto(requireSignedIn(ctx).user)))));
  api.get('/auth/check', (c) => direct(c, (ctx) => apiJsonText(c, JSON.stringify(sessionCheckOf(ctx.user)))));
}
