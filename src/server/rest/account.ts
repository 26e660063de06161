import { jsonBody, run, type RestApp } from './kit';

export function registerAccountRoutes(api: RestApp): void {
  api.post('/register', (c) => run(c, async (caller) => caller.auth.register(await jsonBody(c)), 201));
  for (const path of ['/user/profile', '/profile']) {
    api.patch(path, (c) => run(c, async (caller) => caller.auth.updateProfile(await jsonBody(c))));
  }
  api.post('/password-reset/request', (c) => run(c, async (caller) => caller.auth.requestPasswordReset(await jsonBody(c))));
  api.post('/password-reset/reset', (c) => run(c, async (caller) => caller.auth.resetPassword(await jsonBody(c))));
  api.post('/verify-email', (c) => run(c, async (caller) => caller.auth.verifyEmail(await jsonBody(c))));
  api.post('/verify-email/resend', (c) => run(c, (caller) => caller.auth.resendVerification()));
}
