// The warning of tier-warnings.ts, shown wherever tiers are seen before or after saving (the generator's preview and
// the tier table): not an error, the admin decides.
import { Alert, Stack } from '@chakra-ui/react';
import type { PricingTier } from '../../../../shared/pricing/types';
import type { TierKind } from '../../../../shared/schemas/catalog-admin';
import { TIER_WORDS } from './tier-format';
import { tierCliffs, tierCliffText } from './tier-warnings';

export function TierCliffsAlert({
  kind,
  tiers,
  ...rest
}: {
  kind: TierKind;
  tiers: readonly PricingTier[];
  mb?: string;
  mx?: string | { base: string; md: string };
}) {
  const cliffs = tierCliffs(tiers);
  if (cliffs.length === 0) return null;
  return (
    <Alert.Root status="warning" size="sm" data-testid="tier-cliffs" width="auto" {...rest}>
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>A bigger order would cost less</Alert.Title>
        <Alert.Description>
          <Stack gap="0.5" as="ul" listStyleType="none">
            {cliffs.map((c) => (
              <li key={c.firstOfNext}>{tierCliffText(c, TIER_WORDS[kind])}</li>
            ))}
          </Stack>
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
