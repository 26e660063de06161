// Discounts tab (docs/PRODUCT.md "The admin area"): rule cards (name, description, type summary, conditions as text), Add (one form,
// disabled while open or saving), Edit one rule at a time, Delete with confirmation; the empty state.
import { Badge, Box, Button, Card, List, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { LuPercent, LuPlus } from 'react-icons/lu';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { notify } from '../../../components/toaster';
import { errorMessage } from '../../../lib/errors';
import { trpc, type RouterOutputs } from '../../../lib/trpc';
import { CatalogCardHeader, CatalogEmpty, CatalogLoadError, CatalogLoading, takenNameOf, useCatalog, useRefreshCatalog } from '../shared/catalog-ui';
import { SectionHeader } from '../shared/shell-ui';
import { DiscountForm } from './DiscountForm';
import { conditionText, discountSummary, discountToDraft, newDiscountDraft } from './condition-rules';

type Discount = RouterOutputs['catalog']['all']['discounts'][number];

export function DiscountsTab() {
  const catalog = useCatalog();
  const refresh = useRefreshCatalog();
  const [open, setOpen] = useState<'new' | number | null>(null);
  const [deleting, setDeleting] = useState<Discount | null>(null);

  const create = trpc.admin.discounts.create.useMutation({
    onSuccess: async () => {
      notify('success', 'Discount rule added successfully');
      setOpen(null);
      await refresh();
    },
    onError: (err) => notify('error', 'Failed to add discount rule', errorMessage(err, 'Please try again.')),
  });
  const update = trpc.admin.discounts.update.useMutation({
    onSuccess: async () => {
      notify('success', 'Discount rule updated successfully');
      setOpen(null);
      await refresh();
    },
    onError: (err) => notify('error', 'Failed to update discount rule', errorMessage(err, 'Please try again.')),
  });
  const remove = trpc.admin.discounts.delete.useMutation({
    onSuccess: async () => {
      notify('success', 'Discount rule deleted successfully');
      setDeleting(null);
      await refresh();
    },
    onError: (err) => notify('error', 'Failed to delete discount rule', errorMessage(err, 'Please try again.')),
  });

  if (catalog.isPending) return <CatalogLoading />;
  if (catalog.isError) return <CatalogLoadError error={catalog.error} onRetry={() => void catalog.refetch()} />;
  const { discounts, packages } = catalog.data;
  const saving = create.isPending || update.isPending;

  const addButton = (label: string) => (
    <Button colorPalette="blue" onClick={() => setOpen('new')} disabled={open === 'new' || saving}>
      <LuPlus /> {label}
    </Button>
  );

  return (
    <Stack gap="5">
      <SectionHeader
        title="Discounts"
        description="Rules the calculator offers when all their conditions hold."
        actions={discounts.length > 0 || open === 'new' ? addButton('Add Discount Rule') : undefined}
      />
      {open === 'new' && (
        <DiscountForm
          title="Add Discount Rule"
          submitLabel="Add Discount Rule"
          initial={newDiscountDraft()}
          packages={packages}
          pending={create.isPending}
          taken={takenNameOf(create)}
          onSubmit={(input) => create.mutate(input)}
          onCancel={() => setOpen(null)}
        />
      )}
      {discounts.length === 0 && open !== 'new' && (
        <CatalogEmpty icon={<LuPercent />} title="No discount rules have been created yet" action={addButton('Add Your First Discount Rule')} />
      )}
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4" alignItems="start">
        {discounts.map((d) =>
          open === d.id ? (
            <Box key={d.id} gridColumn="1 / -1">
              <DiscountForm
                title={`Edit ${d.name}`}
                submitLabel="Save Changes"
                initial={discountToDraft(d)}
                packages={packages}
                pending={update.isPending}
                taken={takenNameOf(update, d.id)}
                onSubmit={(input) => update.mutate({ id: d.id, ...input })}
                onCancel={() => setOpen(null)}
              />
            </Box>
          ) : (
            <Card.Root key={d.id} variant="outline" data-testid="discount-card">
              <CatalogCardHeader
                name={d.name}
                description={d.description}
                onEdit={() => setOpen(d.id)}
                onDelete={() => setDeleting(d)}
                editDisabled={typeof open === 'number' || saving}
                actionsGap="0"
              />
              <Card.Body pt="3">
                <Badge colorPalette="green" variant="subtle" size="md" alignSelf="flex-start">
                  {discountSummary(d)}
                </Badge>
                <Text textStyle="xs" fontWeight="semibold" color="fg.muted" textTransform="uppercase" letterSpacing="wide" mt="4" mb="1.5">
                  Conditions
                </Text>
                {d.conditions.length === 0 ? (
                  <Text textStyle="sm" color="fg.muted">
                    Applies to all configurations
                  </Text>
                ) : (
                  <List.Root gap="1" textStyle="sm" ps="4">
                    {d.conditions.map((c) => (
                      <List.Item key={c.id} fontVariantNumeric="tabular-nums">
                        {conditionText(c, packages)}
                      </List.Item>
                    ))}
                  </List.Root>
                )}
              </Card.Body>
            </Card.Root>
          ),
        )}
      </SimpleGrid>
      <ConfirmDialog
        open={deleting !== null}
        title={deleting ? `Delete ${deleting.name}?` : 'Delete discount rule?'}
        pending={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id })}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
