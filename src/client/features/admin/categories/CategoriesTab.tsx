// Add-on Categories tab (docs/PRODUCT.md "The admin area"): a two-column grid of cards sorted by name; add / edit / delete dialogs.
import { Badge, Box, Button, Card, Flex, HStack, IconButton, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { LuFolderOpen, LuPencil, LuPlus } from 'react-icons/lu';
import type { CategoryDto } from '../../../lib/catalog-types';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { notify } from '../../../components/toaster';
import { errorMessage } from '../../../lib/errors';
import { trpc } from '../../../lib/trpc';
import { CatalogIcon, catalogIconLabel } from '../../../components/catalog-icons';
import { CatalogEmpty, CatalogLoadError, CatalogLoading, takenNameOf, useCatalog, useRefreshCatalog } from '../shared/catalog-ui';
import { SectionHeader } from '../shared/shell-ui';
import { CategoryDialog } from './CategoryDialog';
import { RemoveIconButton } from '../../../components/RemoveIconButton';

export function CategoriesTab() {
  const catalog = useCatalog();
  const refresh = useRefreshCatalog();
  /** 'new' for the add dialog, a category for the edit dialog. */
  const [dialog, setDialog] = useState<'new' | CategoryDto | null>(null);
  const [deleting, setDeleting] = useState<CategoryDto | null>(null);

  const create = trpc.admin.categories.create.useMutation({
    onSuccess: async () => {
      notify('success', 'Category added successfully');
      setDialog(null);
      await refresh();
    },
    onError: (err) => notify('error', 'Failed to add category', errorMessage(err, 'Please try again.')),
  });
  const update = trpc.admin.categories.update.useMutation({
    onSuccess: async () => {
      notify('success', 'Category updated successfully');
      setDialog(null);
      await refresh();
    },
    onError: (err) => notify('error', 'Failed to update category', errorMessage(err, 'Please try again.')),
  });
  const remove = trpc.admin.categories.delete.useMutation({
    onSuccess: async () => {
      notify('success', 'Category deleted successfully');
      setDeleting(null);
      await refresh();
    },
    onError: (err) => notify('error', 'Failed to delete category', errorMessage(err, 'Please try again.')),
  });

  if (catalog.isPending) return <CatalogLoading />;
  if (catalog.isError) return <CatalogLoadError error={catalog.error} onRetry={() => void catalog.refetch()} />;
  const categories = [...catalog.data.categories].sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) || a.id - b.id);
  const countOf = (id: number) => catalog.data.addOns.filter((a) => a.categoryId === id).length;

  return (
    <Stack gap="5">
      <SectionHeader
        title="Add-on Categories"
        description="Categories group the add-ons in the calculator and decide whether customers pick one or several."
        actions={
          <Button colorPalette="blue" onClick={() => setDialog('new')}>
            <LuPlus /> Add Category
          </Button>
        }
      />
      {categories.length === 0 ? (
        <CatalogEmpty icon={<LuFolderOpen />} title="No categories found. Add your first category to organize add-ons." />
      ) : (
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          {categories.map((c) => {
            const n = countOf(c.id);
            return (
              <Card.Root key={c.id} variant="outline" data-testid="category-card">
                <Card.Body>
                  <Flex gap="4" align="flex-start">
                    <Flex
                      flexShrink={0}
                      boxSize="11"
                      rounded="l3"
                      bg="blue.subtle"
                      color="blue.fg"
                      align="center"
                      justify="center"
                      title={catalogIconLabel(c.icon)}
                    >
                      <CatalogIcon id={c.icon} size={22} />
                    </Flex>
                    <Box flex="1" minW="0">
                      <Flex gap="2" align="center" wrap="wrap">
                        <Text as="h3" fontWeight="semibold" textStyle="md">
                          {c.name}
                        </Text>
                        <Badge colorPalette={c.allowsMultipleSelection ? 'green' : 'purple'} variant="subtle">
                          {c.allowsMultipleSelection ? 'Checkboxes' : 'Radio buttons'}
                        </Badge>
                      </Flex>
                      <Text textStyle="sm" color="fg.muted" mt="1">
                        {c.allowsMultipleSelection ? 'Multiple selections allowed' : 'Single selection only'}
                      </Text>
                      <Text textStyle="xs" color="fg.subtle" mt="1">
                        {n === 1 ? '1 add-on' : `${n} add-ons`}
                      </Text>
                    </Box>
                    <HStack gap="0" flexShrink={0}>
                      <IconButton size="sm" variant="ghost" aria-label={`Edit ${c.name}`} onClick={() => setDialog(c)}>
                        <LuPencil />
                      </IconButton>
                      <RemoveIconButton size="sm" label={`Delete ${c.name}`} onClick={() => setDeleting(c)} />
                    </HStack>
                  </Flex>
                </Card.Body>
              </Card.Root>
            );
          })}
        </SimpleGrid>
      )}
      <CategoryDialog
        open={dialog !== null}
        category={dialog === 'new' ? null : dialog}
        pending={create.isPending || update.isPending}
        taken={dialog === 'new' || dialog === null ? takenNameOf(create) : takenNameOf(update, dialog.id)}
        onSave={(draft) => (dialog === 'new' || dialog === null ? create.mutate(draft) : update.mutate({ id: dialog.id, ...draft }))}
        onClose={() => setDialog(null)}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={deleting ? `Delete ${deleting.name}?` : 'Delete category?'}
        description="This action cannot be undone. The add-ons in this category are kept, but they become unorganised until you assign them another category."
        pending={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id })}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
