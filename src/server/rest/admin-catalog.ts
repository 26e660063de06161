// Catalogue writes of docs/PRODUCT.md "The admin area". Reads on the same paths are in ./catalog.ts.
import { idParam, jsonBody, run, type RestApp } from './kit';

export function registerAdminCatalogRoutes(api: RestApp): void {
  api.post('/packages', (c) => run(c, async (caller) => caller.admin.packages.create(await jsonBody(c)), 201));
  api.patch('/packages/:id', (c) => run(c, async (caller) => caller.admin.packages.update({ ...(await jsonBody(c)), id: idParam(c) })));
  api.delete('/packages/:id', (c) => run(c, (caller) => caller.admin.packages.delete({ id: idParam(c) }), 204));

  api.post('/packages/:id/pricetiers', (c) =>
    run(c, async (caller) => caller.admin.tiers.createUnit({ ...(await jsonBody(c)), packageId: idParam(c) }), 201),
  );
  api.put('/packages/:id/pricetiers', (c) =>
    run(c, async (caller) => caller.admin.tiers.replace({ tiers: (await jsonBody(c)).tiers, packageId: idParam(c), kind: 'unit' })),
  );
  api.patch('/packages/:id/pricetiers/:tierId', (c) =>
    run(c, async (caller) => caller.admin.tiers.updateUnit({ ...(await jsonBody(c)), packageId: idParam(c), tierId: idParam(c, 'tierId') })),
  );
  api.delete('/packages/:id/pricetiers/:tierId', (c) =>
    run(c, (caller) => caller.admin.tiers.deleteUnit({ packageId: idParam(c), tierId: idParam(c, 'tierId') }), 204),
  );

  api.post('/packages/:id/user-price-tiers', (c) =>
    run(c, async (caller) => caller.admin.tiers.createUser({ ...(await jsonBody(c)), packageId: idParam(c) }), 201),
  );
  api.put('/packages/:id/user-price-tiers', (c) =>
    run(c, async (caller) => caller.admin.tiers.replace({ tiers: (await jsonBody(c)).tiers, packageId: idParam(c), kind: 'user' })),
  );
  api.patch('/packages/:id/user-price-tiers/:tierId', (c) =>
    run(c, async (caller) => caller.admin.tiers.updateUser({ ...(await jsonBody(c)), packageId: idParam(c), tierId: idParam(c, 'tierId') })),
  );
  api.delete('/packages/:id/user-price-tiers/:tierId', (c) =>
    run(c, (caller) => caller.admin.tiers.deleteUser({ packageId: idParam(c), tierId: idParam(c, 'tierId') }), 204),
  );

  api.post('/addons', (c) => run(c, async (caller) => caller.admin.addOns.create(await jsonBody(c)), 201));
  api.patch('/addons/:id', (c) => run(c, async (caller) => caller.admin.addOns.update({ ...(await jsonBody(c)), id: idParam(c) })));
  api.delete('/addons/:id', (c) => run(c, (caller) => caller.admin.addOns.delete({ id: idParam(c) }), 204));

  api.post('/addon-categories', (c) => run(c, async (caller) => caller.admin.categories.create(await jsonBody(c)), 201));
  api.patch('/addon-categories/:id', (c) => run(c, async (caller) => caller.admin.categories.update({ ...(await jsonBody(c)), id: idParam(c) })));
  api.delete('/addon-categories/:id', (c) => run(c, (caller) => caller.admin.categories.delete({ id: idParam(c) }), 204));

  api.post('/discounts', (c) => run(c, async (caller) => caller.admin.discounts.create(await jsonBody(c)), 201));
  api.patch('/discounts/:id', (c) => run(c, async (caller) => caller.admin.discounts.update({ ...(await jsonBody(c)), id: idParam(c) })));
  api.delete('/discounts/:id', (c) => run(c, (caller) => caller.admin.discounts.delete({ id: idParam(c) }), 204));
}
