import { idParam, jsonBody, run, type RestApp } from './kit';

export function registerConfigurationsRoutes(api: RestApp): void {
  // The casts only satisfy the compiler: the procedure's schema rejects any other value with a 400. A plain array,
  // at most 1,000 rows (newest first); X-Total-Count always, X-Truncated: true when rows were left out (issue 15).
  api.get('/configurations', (c) =>
    run(c, async (caller, headers) => {
      const q = c.req.query();
      const list = await caller.configurations.allWithTotal({
        scope: q.scope as 'mine' | 'all' | undefined,
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
  api.patch('/configurations/:id', (c) =>
    run(c, async (caller) => caller.configurations.update({ ...(await jsonBody(c)), id: idParam(c) })),
  );
  api.delete('/configurations/:id', (c) => run(c, (caller) => caller.configurations.delete({ id: idParam(c) }), 204));
}
