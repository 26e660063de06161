// Webhooks (docs/API.md "Webhooks"): admin.webhooks.* under /admin/webhooks.
import { idParam, jsonBody, run, type RestApp } from './kit';

export function registerWebhookRoutes(api: RestApp): void {
  api.get('/admin/webhooks', (c) => run(c, (caller) => caller.admin.webhooks.list()));
  api.post('/admin/webhooks', (c) => run(c, async (caller) => caller.admin.webhooks.create(await jsonBody(c)), 201));
  api.get('/admin/webhooks/:id', (c) => run(c, (caller) => caller.admin.webhooks.get({ id: idParam(c) })));
  api.patch('/admin/webhooks/:id', (c) => run(c, async (caller) => caller.admin.webhooks.update({ ...(await jsonBody(c)), id: idParam(c) })));
  api.delete('/admin/webhooks/:id', (c) => run(c, (caller) => caller.admin.webhooks.delete({ id: idParam(c) }), 204));
  api.post('/admin/webhooks/:id/test', (c) => run(c, (caller) => caller.admin.webhooks.test({ id: idParam(c) }), 202));
  api.get('/admin/webhooks/:id/deliveries', (c) => run(c, (caller) => caller.admin.webhooks.deliveries({ id: idParam(c) })));
  api.post('/admin/webhooks/:id/deliveries/:deliveryId/resend', (c) =>
    run(c, (caller) => caller.admin.webhooks.resend({ id: idParam(c), deliveryId: idParam(c, 'deliveryId') }), 202),
  );
}
