import { packageOutput } from '../../../shared/schemas/catalog';
import { createPackageInput, updatePackageInput } from '../../../shared/schemas/catalog-admin';
import { createPackage, deletePackage, getPackage, updatePackage } from '../../services/admin-catalog/packages';
import { router } from '../../trpc/init';
import { catalogueItemProcedures } from './catalogue-item';

export const adminPackagesRouter = router(
  catalogueItemProcedures({
    entity: 'package',
    createInput: createPackageInput,
    updateInput: updatePackageInput,
    output: packageOutput,
    get: getPackage,
    create: (ctx, input) => createPackage(ctx.db, input, ctx.clock.now()),
    update: updatePackage,
    remove: deletePackage,
  }),
);
