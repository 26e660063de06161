// Share links (docs/API.md "Share links"): the owner's share / revoke / send, the customer's page and answers, the quote's timeline, and
// the admin's audit trail. Thin adapters over configurations.share*, shared.* and admin.audit.*.
import type { Context as HonoContext } from 'hono';
import type { AuditQuery } from '../../shared/schemas/audit';
import { idParam, jsonBody, run, runStream, type RestApp } from './kit';

/** The token of /shared/:token, as sent: the procedure looks every value up the same way (an unknown one is the 404). */
const tokenOf = (c: HonoContext) => c.req.param('token') ?? '';

/** The query's filters as the procedure's schema reads them (strings are validated there). */
function auditQueryOf(c: HonoContext): AuditQuery {
  const q = c.req.query();
  const pick = ['entity', 'action', 'userId', 'from', 'to', 'page', 'limit'] as const;
  return Object.fromEntries(pick.filter((k) => q[k] !== undefined).map((k) => [k, q[k]])) as unknown as AuditQuery;
}

export function registerShareRoutes(api: RestApp): void {
  api.post('/configurations/:id/share', (c) => run(c, (caller) => caller.configurations.share({ id: idParam(c) }), 201));
  api.get('/configurations/:id/share', (c) => run(c, (caller) => caller.configurations.link({ id: idParam(c) })));
  api.post('/configurations/:id/send', (c) => run(c, async (caller) => caller.configurations.send({ ...(await jsonBody(c)), id: idParam(c) })));
  api.delete('/configurations/:id/share', (c) => run(c, (caller) => caller.configurations.unshare({ id: idParam(c) }), 204));
  api.get('/configurations/:id/activity', (c) =>
    run(c, async (caller, headers) => {
      const q = c.req.query();
      const page = await caller.configurations.activity({
        id: idParam(c),
        ...(q.page !== undefined ? { page: q.page as unknown as number } : {}),
        ...(q.limit !== undefined ? { limit: q.limit as unknown as number } : {}),
      });
      headers['x-total-count'] = String(page.total);
      return page.items;
    }),
  );

  api.get('/shared', (c) => run(c, (caller) => caller.shared.seller()));
  api.get('/shared/:token', (c) => run(c, (caller) => caller.shared.view({ token: tokenOf(c) })));
  api.post('/shared/:token/accept', (c) => run(c, async (caller) => caller.shared.accept({ ...(await jsonBody(c)), token: tokenOf(c) })));
  api.post('/shared/:token/decline', (c) => run(c, async (caller) => caller.shared.decline({ ...(await jsonBody(c)), token: tokenOf(c) })));

  api.get('/admin/audit', (c) =>
    run(c, async (caller, headers) => {
      const page = await caller.admin.audit.list(auditQueryOf(c));
      headers['x-total-count'] = String(page.total);
      return page.items;
    }),
  );
  api.get('/admin/audit.csv', (c) =>
    runStream(c, async (caller) => {
      const csv = await caller.admin.audit.csv(auditQueryOf(c));
      return { chunks: csv.chunks(), headers: { 'content-type': csv.contentType, 'content-disposition': `attachment; filename="${csv.fileName}"` } };
    }),
  );
}
