// The "Configure Your Package" card: package, pricing, add-ons, contract. Typing in the units field re-renders this
// card's frame and the pricing block only; the other blocks are memoised on their own slices of the state
// (docs/DECISIONS.md "Typing speed").
import { Card, Heading, Separator, Stack, Text } from '@chakra-ui/react';
import { memo, type ComponentProps, type Dispatch } from 'react';
import type { AddOnDto, CategoryDto, PackageDto } from '../../lib/catalog-types';
import { AddOnsSection, type AddOnsSectionProps } from './AddOnsSection';
import type { CalculatorAction, CalculatorState } from './calculator-state';
import { PackagePicker } from './PackagePicker';
import { ContractOptions, PricingOptions, type PricingOptionsProps } from './PricingOptions';

const SectionTitle = memo(function SectionTitle({ children, hint }: { children: string; hint?: string }) {
  return (
    <Stack gap="0.5">
      <Heading as="h3" size="md">
        {children}
      </Heading>
      {hint && (
        <Text fontSize="sm" color="fg.muted">
          {hint}
        </Text>
      )}
    </Stack>
  );
});

// What never changes while the user types is made once: React skips an element it is handed again.
const CONFIGURE_HEADER = (
  <Card.Header>
    <Heading as="h2" size="lg" id="configure-title">
      Configure Your Package
    </Heading>
    <Text color="fg.muted" fontSize="sm">
      Choose a package, size it and add what the customer needs.
    </Text>
  </Card.Header>
);
const PRICING_TITLE = <SectionTitle hint="Price by floor space (units) or by number of users.">Pricing Configuration</SectionTitle>;
const SEPARATOR = <Separator />;

const PricingBlock = memo(function PricingBlock(props: PricingOptionsProps) {
  return (
    <Stack gap="4">
      {PRICING_TITLE}
      <PricingOptions {...props} />
    </Stack>
  );
});

const AddOnsBlock = memo(function AddOnsBlock({
  packageName,
  ...props
}: Omit<AddOnsSectionProps, 'packageName'> & { packageName: string | undefined }) {
  return (
    <Stack gap="4">
      <SectionTitle hint={`Optional modules for the ${packageName ?? 'selected'} package.`}>Add-ons</SectionTitle>
      <AddOnsSection {...props} packageName={packageName ?? ''} />
    </Stack>
  );
});

const ContractBlock = memo(function ContractBlock(props: ComponentProps<typeof ContractOptions>) {
  return (
    <Stack gap="4">
      <SectionTitle>Contract & Payment</SectionTitle>
      <ContractOptions {...props} />
    </Stack>
  );
});

export const ConfigureCard = memo(function ConfigureCard({
  packages,
  categories,
  addOns,
  packageName,
  state,
  quantityHint,
  onSelectPackage,
  dispatch,
}: {
  packages: PackageDto[];
  categories: CategoryDto[];
  addOns: AddOnDto[];
  packageName: string | undefined;
  state: CalculatorState;
  quantityHint: string | undefined;
  onSelectPackage: (packageId: number) => void;
  dispatch: Dispatch<CalculatorAction>;
}) {
  return (
    <Card.Root as="section" aria-labelledby="configure-title" size={{ base: 'sm', md: 'md' }}>
      {CONFIGURE_HEADER}
      <Card.Body>
        <Stack gap="7">
          <PackagePicker packages={packages} packageId={state.packageId} onSelect={onSelectPackage} />
          {SEPARATOR}
          <PricingBlock
            pricingModel={state.pricingModel}
            squareMeters={state.squareMeters}
            userCount={state.userCount}
            locations={state.locations}
            quantityHint={quantityHint}
            dispatch={dispatch}
          />
          {SEPARATOR}
          <AddOnsBlock
            categories={categories}
            addOns={addOns}
            selected={state.addOns}
            packageId={state.packageId}
            packageName={packageName}
            locations={state.locations}
            dispatch={dispatch}
          />
          {SEPARATOR}
          <ContractBlock contractDuration={state.contractDuration} paymentFrequency={state.paymentFrequency} dispatch={dispatch} />
        </Stack>
      </Card.Body>
    </Card.Root>
  );
});
