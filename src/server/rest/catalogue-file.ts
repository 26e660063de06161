// The catalogue as a file (docs/API.md "The catalogue as a file"): admin.catalogue.* under /admin/catalogue.
import { jsonBody, run, type RestApp } from './kit';

export function registerCatalogueFileRoutes(api: RestApp): void {
  api.get('/admin/catalogue', (c) => run(c, (caller) => caller.admin.catalogue.export()));
  api.put('/admin/catalogue', (c) =>
    run(c, async (caller) => {
      const dryRun = c.req.query('dryRun');
      // Any other spelling is handed on as it is, for the procedure's schema to refuse.
      const flag = dryRun === undefined || dryRun === 'false' ? false : dryRun === 'true' ? true : (dryRun as unknown as boolean);
      return caller.admin.catalogue.import({ dryRun: flag, catalogue: await jsonBody(c) });
    }),
  );
}
