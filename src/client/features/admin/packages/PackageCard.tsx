// One package as the admin sees it: prices, features with their included marks, and how many tiers it has.
import { Badge, Box, Card, DataList, HStack, List, Text } from '@chakra-ui/react';
import { LuCheck, LuX } from 'react-icons/lu';
import type { PackageDto } from '../../../lib/catalog-types';
import { defaultPriceNote } from '../tiers/tier-format';
import { Money } from '../../../components/Money';
import { CatalogCardHeader } from '../shared/catalog-ui';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export function PackageCard({ pkg, onEdit, onDelete, disabled }: { pkg: PackageDto; onEdit: () => void; onDelete: () => void; disabled: boolean }) {
  return (
    <Card.Root variant="outline" data-testid="admin-package-card">
      <CatalogCardHeader name={pkg.name} description={pkg.description} onEdit={onEdit} onDelete={onDelete} disabled={disabled} actionsGap="1" />
      <Card.Body pt="4">
        <DataList.Root orientation="horizontal" size="sm" gap="2">
          <DataList.Item>
            <DataList.ItemLabel>Base price</DataList.ItemLabel>
            <DataList.ItemValue>
              <Money value={pkg.basePrice} fontWeight="semibold" />
              <Text as="span" color="fg.muted">
                &nbsp;/ month
              </Text>
            </DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>Setup fee</DataList.ItemLabel>
            <DataList.ItemValue>
              <Money value={pkg.setupFee} />
            </DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>Extra location</DataList.ItemLabel>
            <DataList.ItemValue>
              <Money value={pkg.extraLocationPrice} />
              <Text as="span" color="fg.muted">
                &nbsp;/ month
              </Text>
            </DataList.ItemValue>
          </DataList.Item>
        </DataList.Root>
        {pkg.features.length > 0 && (
          <Box mt="4">
            <Text textStyle="xs" fontWeight="semibold" color="fg.muted" textTransform="uppercase" letterSpacing="wide" mb="2">
              Features
            </Text>
            <List.Root gap="1" variant="plain">
              {pkg.features.map((f) => (
                <List.Item key={f.id} alignItems="center" color={f.included ? 'fg' : 'fg.subtle'} textStyle="sm">
                  <List.Indicator asChild color={f.included ? 'green.solid' : 'fg.subtle'}>
                    {f.included ? <LuCheck aria-label="Included" /> : <LuX aria-label="Not included" />}
                  </List.Indicator>
                  {f.text}
                </List.Item>
              ))}
            </List.Root>
          </Box>
        )}
      </Card.Body>
      <Card.Footer pt="0" flexDirection="column" alignItems="flex-start" gap="2">
        <HStack gap="2" wrap="wrap">
          <Badge variant="subtle" colorPalette="blue">
            {plural(pkg.priceTiers.length, 'unit tier', 'unit tiers')}
          </Badge>
          <Badge variant="subtle" colorPalette="purple">
            {plural(pkg.userPriceTiers.length, 'user tier', 'user tiers')}
          </Badge>
        </HStack>
        {(['unit', 'user'] as const)
          .filter((k) => (k === 'unit' ? pkg.priceTiers : pkg.userPriceTiers).length === 0)
          .map((k) => (
            <Text key={k} textStyle="xs" color="fg.muted" data-testid="default-price-note">
              {defaultPriceNote(k)}
            </Text>
          ))}
      </Card.Footer>
    </Card.Root>
  );
}
