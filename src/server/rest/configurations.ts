import { idParam, jsonBody, run, type RestApp } from './kit';

export function registerConfigurationsRoutes(api: RestApp): void {
  // The cast only satisfies the compiler: the procedure's schema rejects any other scope with a 400.
  api.get('/configurations', (c) =>
    run(c, (caller) => caller.configurations.all({ scope: c.req.query('scope') as 'mine' | 'all' | undefined })),
  );
  api.get('/configurations/:id', (c) => run(c, (caller) => caller.configurations.get({ id: idParam(c) })));
  api.post('/configurations', (c) => run(c, async (caller) => caller.configurations.create(await jsonBody(c)), 201));
  api.patch('/configurations/:id', (c) =>
    run(c, async (caller) => caller.configurations.update({ ...(await jsonBody(c)), id: idParam(c) })),
  );
  api.delete('/configurations/:id', (c) => run(c, (caller) => caller.configurations.delete({ id: idParam(c) }), 204));
}
