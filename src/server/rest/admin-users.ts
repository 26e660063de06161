import { idParam, jsonBody, run, type RestApp } from './kit';

export function registerAdminUsersRoutes(api: RestApp): void {
  api.get('/admin/users', (c) => run(c, (caller) => caller.admin.users.list()));
  api.post('/admin/users', (c) => run(c, async (caller) => caller.admin.users.create(await jsonBody(c)), 201));
  api.patch('/admin/users/:id', (c) => run(c, async (caller) => caller.admin.users.update({ ...(await jsonBody(c)), id: idParam(c) })));
  api.delete('/admin/users/:id', (c) => run(c, (caller) => caller.admin.users.delete({ id: idParam(c) }), 204));
  api.post('/admin/users/:id/reset-link', (c) => run(c, (caller) => caller.admin.users.resetLink({ id: idParam(c) })));
  api.get('/admin/email-logs', (c) => run(c, (caller) => caller.admin.emailLogs.list()));
}
