// Price Tiers tab (docs/PRODUCT.md "The admin area"): package selector, Edit Tiers / Auto-Generate, Unit-Based and User-Based sub-tabs.
// Every save replaces the package's tiers of one kind in one transaction (admin.tiers.replace).
import { Box, Button, Card, Field, Flex, NativeSelect, Stack, Tabs, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { LuLayers, LuPencil, LuWandSparkles } from 'react-icons/lu';
import type { PackageDto } from '../../../lib/catalog-types';
import type { PricingTier } from '../../../../shared/pricing/types';
import type { TierInput, TierKind } from '../../../../shared/schemas/catalog-admin';
import { formatMoney } from '../../../../shared/money';
import { errorMessage } from '../../../lib/errors';
import { trpc } from '../../../lib/trpc';
import { CatalogEmpty, CatalogLoadError, CatalogLoading, progressToast, useCatalog, useRefreshCatalog } from '../shared/catalog-ui';
import { SectionHeader } from '../shared/shell-ui';
import { GenerateTiersDialog } from './GenerateTiersDialog';
import { toReplaceTiers } from './generator-form';
import { TierEditor } from './TierEditor';
import { TierCliffsAlert } from './TierCliffsAlert';
import { TierTable } from './TierTable';
import { toPricingTiers } from './tier-warnings';
import { defaultPriceNote, unitTierViews, userTierViews, type TierView } from './tier-format';
import { PRICING_MODEL_LABELS } from '../../../../shared/labels';

const EMPTY: Record<TierKind, string> = {
  unit: 'No square meter price tiers defined for this package',
  user: 'No user-based price tiers defined for this package',
};

export function PriceTiersTab() {
  const catalog = useCatalog();
  const refresh = useRefreshCatalog();
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [kind, setKind] = useState<TierKind>('unit');
  const [editing, setEditing] = useState(false);
  const [generating, setGenerating] = useState(false);
  const replace = trpc.admin.tiers.replace.useMutation();

  if (catalog.isPending) return <CatalogLoading />;
  if (catalog.isError) return <CatalogLoadError error={catalog.error} onRetry={() => void catalog.refetch()} />;
  const packages = catalog.data.packages;

  const header = (actions?: React.ReactNode) => (
    <SectionHeader title="Price Tiers" description="Volume prices per unit (square metre) and per user, by package." actions={actions} />
  );
  if (packages.length === 0) {
    return (
      <Stack gap="5">
        {header()}
        <CatalogEmpty icon={<LuLayers />} title="No packages available. Please create a package first." />
      </Stack>
    );
  }

  // default: the first package (in the catalogue's order); a deleted selection falls back to it too
  const pkg: PackageDto = packages.find((p) => p.id === selectedId) ?? packages[0]!;
  const views: Record<TierKind, TierView[]> = { unit: unitTierViews(pkg.priceTiers), user: userTierViews(pkg.userPriceTiers) };

  async function save(tiers: TierInput[]) {
    const t = progressToast('Saving price tier changes...');
    try {
      await replace.mutateAsync({ packageId: pkg.id, kind, tiers: tiers.map((x) => ({ ...x, price: formatMoney(x.price) })) });
      await refresh();
      t.success('Price tiers updated successfully');
      setEditing(false);
    } catch (err) {
      t.error('Failed to update price tiers', errorMessage(err, 'Please try again.'));
    }
  }

  async function generate(tiers: PricingTier[]) {
    const genKind = kind;
    const t = progressToast(genKind === 'unit' ? 'Deleting existing tiers and generating new ones...' : 'Generating user-based pricing tiers...');
    try {
      await replace.mutateAsync({ packageId: pkg.id, kind: genKind, tiers: toReplaceTiers(tiers) });
      await refresh();
      t.success(`Generated ${tiers.length} ${genKind === 'unit' ? 'unit-based' : 'user-based'} price tiers successfully`);
      setGenerating(false);
    } catch (err) {
      t.error(genKind === 'unit' ? 'Failed to generate price tiers' : 'Failed to generate user price tiers', errorMessage(err, 'Please try again.'));
    }
  }

  return (
    <Stack gap="5">
      {header()}
      <Card.Root variant="outline">
        <Card.Body>
          <Flex gap="4" align={{ base: 'stretch', md: 'flex-end' }} justify="space-between" direction={{ base: 'column', md: 'row' }}>
            <Field.Root maxW={{ md: 'xs' }} disabled={editing}>
              <Field.Label>Package</Field.Label>
              <NativeSelect.Root disabled={editing}>
                <NativeSelect.Field value={String(pkg.id)} onChange={(e) => setSelectedId(Number(e.target.value))}>
                  {packages.map((p) => (
                    <option key={p.id} value={String(p.id)}>
                      {p.name}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
            {!editing && (
              <Flex gap="2" wrap="wrap">
                {pkg.priceTiers.length > 0 && (
                  <Button variant="outline" onClick={() => setEditing(true)}>
                    <LuPencil /> Edit Tiers
                  </Button>
                )}
                <Button colorPalette="blue" onClick={() => setGenerating(true)}>
                  <LuWandSparkles /> Auto-Generate
                </Button>
              </Flex>
            )}
          </Flex>
        </Card.Body>
      </Card.Root>

      <Tabs.Root value={kind} onValueChange={(e) => setKind(e.value as TierKind)} variant="enclosed" lazyMount unmountOnExit>
        <Tabs.List>
          <Tabs.Trigger value="unit" disabled={editing && kind !== 'unit'}>
            {PRICING_MODEL_LABELS.sqm} Pricing
          </Tabs.Trigger>
          <Tabs.Trigger value="user" disabled={editing && kind !== 'user'}>
            {PRICING_MODEL_LABELS.user} Pricing
          </Tabs.Trigger>
        </Tabs.List>
        {(['unit', 'user'] as const).map((k) => (
          <Tabs.Content key={k} value={k}>
            <Card.Root variant="outline" overflow="hidden">
              <Box px={{ base: '4', md: '5' }} pt="4" pb="3">
                <Text fontWeight="semibold">
                  {pkg.name} — {k === 'unit' ? 'unit-based' : 'user-based'} tiers
                </Text>
                <Text textStyle="sm" color="fg.muted">
                  {editing
                    ? 'Leave Max empty for the last tier: it then has no upper limit.'
                    : `${views[k].length} ${views[k].length === 1 ? 'tier' : 'tiers'}`}
                </Text>
              </Box>
              {editing ? (
                <TierEditor
                  key={`${pkg.id}-${k}`}
                  kind={k}
                  tiers={views[k]}
                  pending={replace.isPending}
                  onSave={(t) => void save(t)}
                  onCancel={() => setEditing(false)}
                />
              ) : views[k].length === 0 ? (
                <Box px={{ base: '4', md: '5' }} pb="5">
                  <CatalogEmpty title={EMPTY[k]} description={defaultPriceNote(k)} />
                </Box>
              ) : (
                <>
                  <TierCliffsAlert kind={k} tiers={toPricingTiers(views[k])} mx={{ base: '4', md: '5' }} mb="3" />
                  <TierTable kind={k} tiers={views[k]} />
                </>
              )}
            </Card.Root>
          </Tabs.Content>
        ))}
      </Tabs.Root>

      <GenerateTiersDialog
        open={generating}
        kind={kind}
        packageName={pkg.name}
        pending={replace.isPending}
        onGenerate={(t) => void generate(t)}
        onClose={() => setGenerating(false)}
      />
    </Stack>
  );
}
