// Add-ons tab (docs/PRODUCT.md "The admin area"): one table, rows grouped by category (Multiple / Single selection), one availability
// checkbox per package column (sends only availableForPackages), add / edit one at a time, delete with confirmation.
import { Badge, Box, Button, Card, Checkbox, HStack, IconButton, Stack, Table, Text } from '@chakra-ui/react';
import { Fragment, useState } from 'react';
import { LuPencil, LuPlus, LuPuzzle } from 'react-icons/lu';
import type { AddOnDto, PackageDto } from '../../../lib/catalog-types';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { Money } from '../../../components/Money';
import { notify } from '../../../components/toaster';
import { errorMessage } from '../../../lib/errors';
import { trpc } from '../../../lib/trpc';
import { ADD_ON_UNIT_LABELS, labelOf } from '../../../../shared/labels';
import { CatalogIcon } from '../../../components/catalog-icons';
import { CatalogEmpty, CatalogLoadError, CatalogLoading, takenNameOf, useCatalog, useRefreshCatalog } from '../shared/catalog-ui';
import { SectionHeader, stickyActions } from '../shared/shell-ui';
import { AddOnForm } from './AddOnForm';
import { addOnToForm, formToAddOnInput, newAddOnForm } from './addon-form';
import { groupAddOns, toggleAvailability } from './addon-rows';
import { DataTable } from '../../../components/DataTable';
import { RemoveIconButton } from '../../../components/RemoveIconButton';

export function AddOnsTab() {
  const catalog = useCatalog();
  const refresh = useRefreshCatalog();
  const [open, setOpen] = useState<'new' | number | null>(null);
  const [deleting, setDeleting] = useState<AddOnDto | null>(null);
  /** "addOnId:packageId" of the checkboxes whose change is on its way. */
  const [toggling, setToggling] = useState<ReadonlySet<string>>(new Set());

  const create = trpc.admin.addOns.create.useMutation({
    onSuccess: async () => {
      notify('success', 'Add-on added successfully');
      setOpen(null);
      await refresh();
    },
    onError: (err) => notify('error', 'Failed to add add-on', errorMessage(err, 'Please try again.')),
  });
  const update = trpc.admin.addOns.update.useMutation({
    onSuccess: async () => {
      notify('success', 'Add-on updated successfully');
      setOpen(null);
      await refresh();
    },
    onError: (err) => notify('error', 'Failed to update add-on', errorMessage(err, 'Please try again.')),
  });
  const remove = trpc.admin.addOns.delete.useMutation({
    onSuccess: async () => {
      notify('success', 'Add-on deleted successfully');
      setDeleting(null);
      await refresh();
    },
    onError: (err) => notify('error', 'Failed to delete add-on', errorMessage(err, 'Please try again.')),
  });
  const availability = trpc.admin.addOns.setAvailability.useMutation();

  if (catalog.isPending) return <CatalogLoading />;
  if (catalog.isError) return <CatalogLoadError error={catalog.error} onRetry={() => void catalog.refetch()} />;
  const { packages, addOns, categories } = catalog.data;
  const groups = groupAddOns(addOns, categories);
  const editing = typeof open === 'number' ? addOns.find((a) => a.id === open) : undefined;

  async function setAvailable(addOn: AddOnDto, pkg: PackageDto, available: boolean) {
    const key = `${addOn.id}:${pkg.id}`;
    setToggling((s) => new Set(s).add(key));
    try {
      await availability.mutateAsync({ id: addOn.id, availableForPackages: toggleAvailability(addOn.availableForPackages, pkg.id, available) });
      notify('success', available ? 'Added to package successfully' : 'Removed from package successfully');
      await refresh();
    } catch (err) {
      notify('error', 'Failed to update package availability', errorMessage(err, 'Please try again.'));
    } finally {
      setToggling((s) => {
        const next = new Set(s);
        next.delete(key);
        return next;
      });
    }
  }

  return (
    <Stack gap="5">
      <SectionHeader
        title="Add-ons"
        description="Optional extras, grouped by category, and the packages each one is offered with."
        actions={
          <Button colorPalette="blue" aria-expanded={open === 'new'} onClick={() => setOpen(open === 'new' ? null : 'new')}>
            <LuPlus /> Add Add-on
          </Button>
        }
      />
      {open === 'new' && (
        <AddOnForm
          title="Add Add-on"
          submitLabel="Add Add-on"
          initial={newAddOnForm(packages.map((p) => p.id))}
          packages={packages}
          categories={categories}
          pending={create.isPending}
          taken={takenNameOf(create)}
          onSubmit={(v) => create.mutate(formToAddOnInput(v))}
          onCancel={() => setOpen(null)}
        />
      )}
      {editing && (
        <AddOnForm
          key={editing.id}
          title={`Edit ${editing.name}`}
          submitLabel="Save Changes"
          initial={addOnToForm(editing)}
          packages={packages}
          categories={categories}
          pending={update.isPending}
          taken={takenNameOf(update, editing.id)}
          onSubmit={(v) => update.mutate({ id: editing.id, ...formToAddOnInput(v) })}
          onCancel={() => setOpen(null)}
        />
      )}
      {addOns.length === 0 ? (
        open !== 'new' && <CatalogEmpty icon={<LuPuzzle />} title="No add-ons have been created yet" />
      ) : (
        <Card.Root variant="outline" overflow="hidden">
          <DataTable
            interactive={false}
            aria-label="Add-ons"
            head={
              <>
                <Table.ColumnHeader minW={{ base: '120px', md: '160px' }}>Category</Table.ColumnHeader>
                <Table.ColumnHeader minW={{ base: '140px', md: '200px' }}>Add-on</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end" whiteSpace="nowrap">
                  One-time fee
                </Table.ColumnHeader>
                {packages.map((p) => (
                  <Table.ColumnHeader key={p.id} textAlign="center" whiteSpace="nowrap">
                    {p.name}
                  </Table.ColumnHeader>
                ))}
                <Table.ColumnHeader textAlign="end" {...stickyActions(true)}>
                  Actions
                </Table.ColumnHeader>
              </>
            }
          >
            {groups.map((g) => (
              <Fragment key={g.category?.id ?? 'none'}>
                {g.addOns.map((a, i) => (
                  <Table.Row key={a.id} data-testid="addon-row" bg={open === a.id ? 'blue.subtle' : undefined}>
                    {i === 0 && (
                      <Table.Cell rowSpan={g.addOns.length} verticalAlign="top" borderRightWidth="1px" bg="bg.subtle/50" whiteSpace="normal">
                        <HStack gap="2" align="flex-start">
                          <Box color="blue.fg" mt="0.5">
                            <CatalogIcon id={g.category?.icon} size={16} />
                          </Box>
                          <Box>
                            <Text as="div" fontWeight="semibold">
                              {g.label}
                            </Text>
                            {g.category && (
                              <Text textStyle="xs" color="fg.muted">
                                {g.category.allowsMultipleSelection ? 'Multiple selection' : 'Single selection'}
                              </Text>
                            )}
                          </Box>
                        </HStack>
                      </Table.Cell>
                    )}
                    <Table.Cell whiteSpace="normal">
                      <Text fontWeight="medium">{a.name}</Text>
                      <Text textStyle="xs" color="fg.muted">
                        <Money value={a.monthlyFee} /> / month · {labelOf(ADD_ON_UNIT_LABELS, a.unit)}
                      </Text>
                    </Table.Cell>
                    <Table.Cell textAlign="end">
                      <Money value={a.setupFee} />
                    </Table.Cell>
                    {packages.map((p) => {
                      const checked = a.availableForPackages.includes(p.id);
                      return (
                        <Table.Cell key={p.id} textAlign="center">
                          <Checkbox.Root
                            size="sm"
                            checked={checked}
                            disabled={toggling.has(`${a.id}:${p.id}`)}
                            onCheckedChange={(e) => void setAvailable(a, p, e.checked === true)}
                          >
                            <Checkbox.HiddenInput aria-label={`Available for ${p.name}`} />
                            <Checkbox.Control />
                          </Checkbox.Root>
                        </Table.Cell>
                      );
                    })}
                    <Table.Cell textAlign="end" {...stickyActions()} bg={open === a.id ? 'blue.subtle' : 'bg'}>
                      <HStack gap="0" justify="flex-end">
                        <IconButton
                          size="xs"
                          variant="ghost"
                          aria-label={`Edit ${a.name}`}
                          disabled={open !== null && open !== 'new' && open !== a.id}
                          onClick={() => setOpen(open === a.id ? null : a.id)}
                        >
                          <LuPencil />
                        </IconButton>
                        <RemoveIconButton label={`Delete ${a.name}`} onClick={() => setDeleting(a)} />
                      </HStack>
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Fragment>
            ))}
          </DataTable>
        </Card.Root>
      )}
      {categories.length === 0 && (
        <Text textStyle="sm" color="fg.muted">
          <Badge colorPalette="orange" mr="2">
            Tip
          </Badge>
          Create an add-on category first: every add-on belongs to one.
        </Text>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={deleting ? `Delete ${deleting.name}?` : 'Delete add-on?'}
        pending={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id })}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
