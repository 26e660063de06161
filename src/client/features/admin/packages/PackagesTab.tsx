// Packages tab (docs/PRODUCT.md "The admin area"): the package cards, Add Package (a form that toggles open and closed), Edit one at a
// time inline, Delete with confirmation; the empty state.
import { Box, Button, SimpleGrid, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { LuPackage, LuPlus } from 'react-icons/lu';
import type { PackageDto } from '../../../lib/catalog-types';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { notify } from '../../../components/toaster';
import { errorMessage } from '../../../lib/errors';
import { trpc } from '../../../lib/trpc';
import { CatalogEmpty, CatalogLoadError, CatalogLoading, takenNameOf, useCatalog, useRefreshCatalog } from '../shared/catalog-ui';
import { SectionHeader } from '../shared/shell-ui';
import { PackageCard } from './PackageCard';
import { PackageForm } from './PackageForm';
import { formToPackageInput, newPackageForm, packageToForm } from './package-form';

export function PackagesTab() {
  const catalog = useCatalog();
  const refresh = useRefreshCatalog();
  /** 'new' while the add form is open, a package id while it is edited; one form at a time. */
  const [open, setOpen] = useState<'new' | number | null>(null);
  const [deleting, setDeleting] = useState<PackageDto | null>(null);

  const create = trpc.admin.packages.create.useMutation({
    onSuccess: async () => {
      notify('success', 'Package added successfully');
      setOpen(null);
      await refresh();
    },
    onError: (err) => notify('error', 'Failed to add package', errorMessage(err, 'Please try again.')),
  });
  const update = trpc.admin.packages.update.useMutation({
    onSuccess: async () => {
      notify('success', 'Package updated successfully');
      setOpen(null);
      await refresh();
    },
    onError: (err) => notify('error', 'Failed to update package', errorMessage(err, 'Please try again.')),
  });
  const remove = trpc.admin.packages.delete.useMutation({
    onSuccess: async () => {
      notify('success', 'Package deleted successfully');
      setDeleting(null);
      await refresh();
    },
    onError: (err) => notify('error', 'Failed to delete package', errorMessage(err, 'Please try again.')),
  });

  if (catalog.isPending) return <CatalogLoading />;
  if (catalog.isError) return <CatalogLoadError error={catalog.error} onRetry={() => void catalog.refetch()} />;
  const packages = catalog.data.packages;

  const addForm = (
    <PackageForm
      title="Add Package"
      submitLabel="Add Package"
      initial={newPackageForm()}
      pending={create.isPending}
      taken={takenNameOf(create)}
      onSubmit={(v) => create.mutate(formToPackageInput(v))}
      onCancel={() => setOpen(null)}
    />
  );

  return (
    <Stack gap="5">
      <SectionHeader
        title="Packages"
        description="The plans a quote is built on: monthly base price, setup fee, extra locations and features."
        actions={
          packages.length > 0 && (
            <Button colorPalette="blue" aria-expanded={open === 'new'} onClick={() => setOpen(open === 'new' ? null : 'new')}>
              <LuPlus /> Add Package
            </Button>
          )
        }
      />
      {open === 'new' && addForm}
      {packages.length === 0 && open !== 'new' && (
        <CatalogEmpty
          icon={<LuPackage />}
          title="No packages have been created yet"
          action={
            <Button colorPalette="blue" onClick={() => setOpen('new')}>
              <LuPlus /> Add Your First Package
            </Button>
          }
        />
      )}
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4" alignItems="start">
        {packages.map((p) =>
          open === p.id ? (
            <Box key={p.id} gridColumn="1 / -1">
              <PackageForm
                title={`Edit ${p.name}`}
                submitLabel="Save Changes"
                initial={packageToForm(p)}
                pending={update.isPending}
                taken={takenNameOf(update, p.id)}
                onSubmit={(v) => update.mutate({ id: p.id, ...formToPackageInput(v) })}
                onCancel={() => setOpen(null)}
              />
            </Box>
          ) : (
            <PackageCard key={p.id} pkg={p} disabled={open !== null && open !== 'new'} onEdit={() => setOpen(p.id)} onDelete={() => setDeleting(p)} />
          ),
        )}
      </SimpleGrid>
      <ConfirmDialog
        open={deleting !== null}
        title={deleting ? `Delete ${deleting.name}?` : 'Delete package?'}
        description="This action cannot be undone. The package, its features and price tiers are removed; saved quotes keep their figures."
        pending={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id })}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
