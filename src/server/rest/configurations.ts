import { idParam, jsonBody, run, type RestApp } from './kit';

export function registerConfigurationsRoutes(api: RestApp): void {
  // The casts only satisfy the compiler: the procedure's schema rejects any other value with a 400. A plain array,
  // at most 1,000 rows (newest first); X-Total-Count always, X-Truncated: true when rows were left out.
  api.get('/configurations', (c) =>
    run(c, async (caller, headers) => {
      const q = c.req.query();
      const list = await caller.configurations.allWithTotal({
        scope: q.scope as 'mine' | 'all' | undefined,
        ...(q.status !== undefined ? { status: q.status as 'draft' } : {}),
        ...(q.page !== undefined ? { page: q.page as unknown as number } : {}),
        ...(q.limit !== undefined ? { limit: q.limit as unknown as number } : {}),
      });
      headers['x-total-count'] = String(list.total);
      if (list.truncated) headers['x-truncated'] = 'true';
      return list.items;
    }),
  );
  api.get('/configurations/:id', (c) => run(c, (caller) => caller.configurations.get({ id: idParam(c) })));
  api.post('/configurations', (c) => run(c, async (caller) => caller.configurations.create(await jsonBody(c)), 201));
  api.patch('/configurations/:id', (c) => run(c, async (caller) => caller.configurations.update({ ...(await jsonBody(c)), id: idParam(c) })));
  api.delete('/configurations/:id', (c) => run(c, (caller) => caller.configurations.delete({ id: idParam(c) }), 204));
  // The quote's life (docs/PRODUCT.md "Saved quotes").
  api.post('/configurations/:id/status', (c) =>
    run(c, async (caller) => caller.configurations.setStatus({ ...(await jsonBody(c)), id: idParam(c) })),
  );
  api.post('/configurations/:id/reprice', (c) => run(c, (caller) => caller.configurations.reprice({ id: idParam(c) })));
  api.post('/configurations/:id/duplicate', (c) => run(c, (caller) => caller.configurations.duplicate({ id: idParam(c) }), 201));
  api.get('/configurations/:id/revisions', (c) => run(c, (caller) => caller.configurations.revisions({ id: idParam(c) })));
  api.get('/configurations/:id/revisions/:n', (c) =>
    run(c, (caller) => caller.configurations.revision({ id: idParam(c), revision: idParam(c, 'n') })),
  );
}
