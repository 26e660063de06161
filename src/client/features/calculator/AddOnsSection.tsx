// Add-ons grouped by category: checkboxes where a category allows several, radio buttons where it allows one, a
// "Select none" per category, add-ons the package does not offer disabled, and the setup fee waiver per selection; an
// add-on priced per location says how many locations it counts, one priced per item takes its quantity when selected.
import { Box, Button, Flex, Heading, HStack, Icon, RadioGroup, SimpleGrid, Stack, Switch, Text } from '@chakra-ui/react';
import { memo, useRef, type Dispatch } from 'react';
import type { AddOnDto, CategoryDto } from '../../lib/catalog-types';
import { parseMoney } from '../../../shared/money';
import { Money } from '../../components/Money';
import { configurationMessages } from '../../../shared/schemas/configuration';
import { formatCount } from '../../../shared/format';
import { CLEAR_CATEGORY_ID, parseLineQuantityText, type CalculatorAction, type SelectedAddOn } from './calculator-state';
import { TypedWholeInput } from './TypedWholeInput';
import { catalogIconComponent } from '../../components/catalog-icons';
import { OptionCheckbox, OptionFrame } from './OptionFrame';

export interface AddOnsSectionProps {
  categories: CategoryDto[];
  addOns: AddOnDto[];
  selected: SelectedAddOn[];
  packageId: number;
  packageName: string;
  /** the quote's locations, which an add-on priced per location counts */
  locations: number;
  dispatch: Dispatch<CalculatorAction>;
}

interface Group {
  id: number | null;
  name: string;
  icon: string | null;
  multiple: boolean;
  addOns: AddOnDto[];
}

function groupAddOns(categories: CategoryDto[], addOns: AddOnDto[]): Group[] {
  const groups: Group[] = categories.map((c) => ({
    id: c.id,
    name: c.name,
    icon: c.icon,
    multiple: c.allowsMultipleSelection,
    addOns: addOns.filter((a) => a.categoryId === c.id),
  }));
  const known = new Set(categories.map((c) => c.id));
  const other = addOns.filter((a) => a.categoryId === null || !known.has(a.categoryId));
  if (other.length > 0) groups.push({ id: null, name: 'Other', icon: null, multiple: true, addOns: other });
  return groups.filter((g) => g.addOns.length > 0);
}

/** What the fees are multiplied by, after "/ month": the locations counted, or "per item"; nothing once per quote. */
function unitText(addOn: AddOnDto, locations: number): string | null {
  if (addOn.unit === 'location') return `× ${formatCount(locations)} ${locations === 1 ? 'location' : 'locations'}`;
  if (addOn.unit === 'item') return 'per item';
  return null;
}

function AddOnText({ addOn, available, packageName, locations }: { addOn: AddOnDto; available: boolean; packageName: string; locations: number }) {
  const setup = parseMoney(addOn.setupFee) ?? 0;
  const unit = unitText(addOn, locations);
  return (
    <Stack gap="0.5" flex="1" minW="0">
      <Flex justify="space-between" gap="3" align="baseline" wrap="wrap">
        <Text fontWeight="medium">{addOn.name}</Text>
        <Text fontSize="sm" whiteSpace="nowrap">
          <Money value={addOn.monthlyFee} fontWeight="semibold" />
          <Text as="span" color="fg.muted">
            {' '}
            / month
            {unit && ` ${unit}`}
          </Text>
        </Text>
      </Flex>
      {addOn.description && (
        <Text fontSize="sm" color="fg.muted">
          {addOn.description}
        </Text>
      )}
      <Text fontSize="xs" color="fg.muted">
        {setup > 0 ? (
          <>
            Setup fee <Money value={addOn.setupFee} />
          </>
        ) : (
          'No setup fee'
        )}
      </Text>
      {!available && (
        <Text fontSize="xs" color="orange.fg" data-testid="addon-unavailable">
          Not available for the {packageName} package
        </Text>
      )}
    </Stack>
  );
}

function WaiveToggle({ selection, addOn, dispatch }: { selection: SelectedAddOn; addOn: AddOnDto; dispatch: Dispatch<CalculatorAction> }) {
  return (
    <Switch.Root
      size="sm"
      colorPalette="green"
      checked={selection.waiveSetupFee}
      onCheckedChange={() => dispatch({ type: 'toggleWaive', addOnId: addOn.id })}
      ms={{ base: '0', sm: '7' }}
      mt="2"
    >
      <Switch.HiddenInput />
      <Switch.Control />
      <Switch.Label fontSize="sm" color={selection.waiveSetupFee ? 'green.fg' : 'fg.muted'}>
        {selection.waiveSetupFee ? 'Setup Fee Waived' : 'Waive Setup Fee'}
        <Text as="span" srOnly>
          {' '}
          ({addOn.name})
        </Text>
      </Switch.Label>
    </Switch.Root>
  );
}

/** The quantity of a selected add-on priced per item: a whole number from 1 to 10,000, typed as every number field. */
function AddOnQuantity({ selection, addOn, dispatch }: { selection: SelectedAddOn; addOn: AddOnDto; dispatch: Dispatch<CalculatorAction> }) {
  return (
    <TypedWholeInput
      label={
        <>
          Quantity{' '}
          <Text as="span" srOnly>
            ({addOn.name})
          </Text>
        </>
      }
      value={selection.quantity}
      read={parseLineQuantityText}
      refusal={configurationMessages.quantity}
      onValue={(quantity) => dispatch({ type: 'setAddOnQuantity', addOnId: addOn.id, quantity })}
      fieldProps={{ ps: { base: '0', sm: '7' }, mt: '2', orientation: 'horizontal', gap: '3', flexWrap: 'wrap' }}
      inputProps={{ name: `quantity-${addOn.id}`, size: 'sm', w: '24', bg: 'bg', 'data-testid': 'addon-quantity' }}
    />
  );
}

function CategoryGroup({
  group,
  selected,
  packageId,
  packageName,
  locations,
  dispatch,
}: {
  group: Group;
  selected: SelectedAddOn[];
  packageId: number;
  packageName: string;
  locations: number;
  dispatch: Dispatch<CalculatorAction>;
}) {
  const chosen = new Map(selected.map((s) => [s.id, s]));
  const anyChosen = group.addOns.some((a) => chosen.has(a.id));
  const CatIcon = catalogIconComponent(group.icon);
  const pick = (id: number) => dispatch({ type: 'selectAddOn', pick: { id, category: group.id } });
  // Clicking the chosen radio removes it; the radio group then reports the same value once more, which must not
  // select it again.
  const removedRadio = useRef<number | null>(null);
  const removeChosenRadio = (id: number) => {
    removedRadio.current = id;
    setTimeout(() => {
      if (removedRadio.current === id) removedRadio.current = null;
    }, 0);
    pick(id);
  };
  const onRadioValue = (value: string | null) => {
    const id = Number(value);
    if (!value || chosen.has(id)) return;
    if (removedRadio.current === id) {
      removedRadio.current = null;
      return;
    }
    pick(id);
  };

  const waive = (a: AddOnDto) => {
    const s = chosen.get(a.id);
    return s && (parseMoney(a.setupFee) ?? 0) > 0 ? <WaiveToggle selection={s} addOn={a} dispatch={dispatch} /> : null;
  };
  const quantity = (a: AddOnDto) => {
    const s = chosen.get(a.id);
    return s && a.unit === 'item' ? <AddOnQuantity selection={s} addOn={a} dispatch={dispatch} /> : null;
  };

  // one option per add-on: a checkbox where the category allows several, a radio button where it allows one
  const options = (
    <Stack gap="2">
      {group.addOns.map((a) => {
        const available = a.availableForPackages.includes(packageId);
        const isOn = chosen.has(a.id);
        const text = <AddOnText addOn={a} available={available} packageName={packageName} locations={locations} />;
        return (
          <OptionFrame key={a.id} selected={isOn} disabled={!available} palette="blue" transition="border-color 0.15s, background 0.15s">
            {group.multiple ? (
              <OptionCheckbox checked={isOn} disabled={!available} onToggle={() => pick(a.id)} palette="blue">
                {text}
              </OptionCheckbox>
            ) : (
              <RadioGroup.Item value={String(a.id)} disabled={!available} alignItems="flex-start" w="full">
                {/* a second click on the chosen radio removes it (docs/PRODUCT.md "The calculator") */}
                <RadioGroup.ItemHiddenInput onClick={() => isOn && removeChosenRadio(a.id)} />
                <RadioGroup.ItemIndicator mt="0.5" />
                <RadioGroup.ItemText flex="1" minW="0" fontWeight="normal">
                  {text}
                </RadioGroup.ItemText>
              </RadioGroup.Item>
            )}
            {quantity(a)}
            {waive(a)}
          </OptionFrame>
        );
      })}
    </Stack>
  );

  return (
    <Box borderWidth="1px" borderRadius="l3" p="4" bg="bg" role="group" aria-labelledby={`cat-${group.id ?? 'other'}`} data-testid="addon-category">
      <Flex justify="space-between" align="center" mb="3" gap="2">
        <HStack gap="2.5">
          <Flex boxSize="8" align="center" justify="center" borderRadius="full" bg="blue.subtle" color="blue.fg">
            <Icon as={CatIcon} boxSize="4" data-testid="category-icon" data-icon={group.icon ?? ''} />
          </Flex>
          <Stack gap="0">
            <Heading as="h4" size="sm" id={`cat-${group.id ?? 'other'}`}>
              {group.name}
            </Heading>
            <Text fontSize="xs" color="fg.muted">
              {group.multiple ? 'Choose any' : 'Choose one'}
            </Text>
          </Stack>
        </HStack>
        <Button size="xs" variant="ghost" disabled={!anyChosen} onClick={() => pick(CLEAR_CATEGORY_ID)} aria-label={`Select none in ${group.name}`}>
          Select none
        </Button>
      </Flex>
      {group.multiple ? (
        options
      ) : (
        <RadioGroup.Root
          value={group.addOns.find((a) => chosen.has(a.id))?.id.toString() ?? null}
          onValueChange={(e) => onRadioValue(e.value)}
          colorPalette="blue"
          aria-labelledby={`cat-${group.id ?? 'other'}`}
        >
          {options}
        </RadioGroup.Root>
      )}
    </Box>
  );
}

export const AddOnsSection = memo(function AddOnsSection({
  categories,
  addOns,
  selected,
  packageId,
  packageName,
  locations,
  dispatch,
}: AddOnsSectionProps) {
  const groups = groupAddOns(categories, addOns);
  if (groups.length === 0) {
    return (
      <Text color="fg.muted" fontSize="sm">
        No add-ons are offered at the moment.
      </Text>
    );
  }
  return (
    <SimpleGrid columns={{ base: 1, xl: 2 }} gap="4" alignItems="start">
      {groups.map((g) => (
        <CategoryGroup
          key={g.id ?? 'other'}
          group={g}
          selected={selected}
          packageId={packageId}
          packageName={packageName}
          locations={locations}
          dispatch={dispatch}
        />
      ))}
    </SimpleGrid>
  );
});
