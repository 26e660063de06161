// Custom line items: the "Add Custom Line Items" form (react-hook-form over the shared custom-item schema) and the
// "Added Items" table. Add Item stays disabled until the name, a price above 0 and a quantity are there; a value the
// server would refuse (a price over its limit, a name too long, a quantity out of bounds) says why under its field, in
// the schema's own words. The price is the price of one: the line is price × quantity, and each row's quantity can be
// changed in the table.
import { Badge, Box, Button, Card, Field, Flex, Heading, HStack, Input, SimpleGrid, Stack, Switch, Table, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { memo, useRef, type Dispatch } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { LuPlus } from 'react-icons/lu';
import type { z } from 'zod';
import { CONFIGURATION_NAME_MAX, configurationMessages, customItemInput, CUSTOM_ITEM_DESCRIPTION_MAX } from '../../../shared/schemas/configuration';
import { Money } from '../../components/Money';
import { parseLineQuantityText, type CalculatorAction, type CustomItem } from './calculator-state';
import { TypedWholeInput } from './TypedWholeInput';
import { DataTable } from '../../components/DataTable';
import { RemoveIconButton } from '../../components/RemoveIconButton';

const formSchema = customItemInput.pick({ name: true, description: true, isOneTime: true, price: true, quantity: true });
type FormInput = z.input<typeof formSchema>;
type FormOutput = z.output<typeof formSchema>;

/** docs/PRODUCT.md "The calculator": one-time on, empty fields. */
const EMPTY: FormInput = { name: '', price: '', quantity: '1', description: '', isOneTime: true };

let counter = 0;
function newItemId(): string {
  counter += 1;
  const c = globalThis.crypto;
  return typeof c?.randomUUID === 'function' ? c.randomUUID() : `item-${Date.now().toString(36)}-${counter}`;
}

function AddItemForm({ dispatch }: { dispatch: Dispatch<CalculatorAction> }) {
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(formSchema),
    defaultValues: EMPTY,
  });
  const { register, control, handleSubmit, reset } = form;
  const nameField = register('name');
  const nameInput = useRef<HTMLInputElement | null>(null);
  // the button follows the values themselves (formState.isValid lags behind a reset)
  const values = useWatch({ control });
  const parsed = formSchema.safeParse(values);
  const valid = parsed.success;
  // an empty field is not yet an error: only what the user typed is judged
  const issueOf = (field: 'name' | 'price' | 'quantity' | 'description') => {
    const typed = String(values[field] ?? '').trim() !== '';
    return typed ? parsed.error?.issues.find((i) => i.path[0] === field)?.message : undefined;
  };
  const nameError = issueOf('name');
  const priceError = issueOf('price');
  const quantityError = issueOf('quantity');
  const descriptionError = issueOf('description');

  const submit = handleSubmit((v) => {
    dispatch({
      type: 'addCustomItem',
      item: { id: newItemId(), name: v.name, description: v.description, isOneTime: v.isOneTime, price: String(v.price), quantity: v.quantity },
    });
    reset(EMPTY);
    // Add Item is disabled again by the reset: focus would fall to the page; the next item starts at its name
    nameInput.current?.focus();
  });

  return (
    <Box asChild borderWidth="1px" borderRadius="l3" p="4" bg="bg.subtle">
      <form onSubmit={submit} noValidate aria-labelledby="custom-items-form-title">
        <Heading as="h3" size="sm" id="custom-items-form-title" mb="3">
          Add Custom Line Items
        </Heading>
        <Stack gap="3">
          <SimpleGrid columns={{ base: 2, sm: 4 }} gap="3">
            <Field.Root gridColumn={{ base: 'span 2', sm: 'span 2' }} invalid={nameError !== undefined}>
              <Field.Label>Item Name</Field.Label>
              <Input
                autoComplete="off"
                bg="bg"
                placeholder="e.g., On-site training"
                maxLength={CONFIGURATION_NAME_MAX}
                {...nameField}
                ref={(el) => {
                  nameField.ref(el);
                  nameInput.current = el;
                }}
              />
              {nameError && <Field.ErrorText>{nameError}</Field.ErrorText>}
            </Field.Root>
            <Field.Root invalid={priceError !== undefined}>
              <Field.Label>Price</Field.Label>
              {/* text, not type=number: the browser's number field reads "12,50" as 1250 in an English locale and drops
                what it cannot read; the schema reads a point or a comma (docs/PRODUCT.md "Numbers as typed") */}
              <Input inputMode="decimal" autoComplete="off" bg="bg" placeholder="0.00" {...register('price')} />
              {priceError && <Field.ErrorText>{priceError}</Field.ErrorText>}
            </Field.Root>
            <Field.Root invalid={quantityError !== undefined}>
              <Field.Label>Quantity</Field.Label>
              <Input inputMode="numeric" autoComplete="off" bg="bg" {...register('quantity')} />
              {quantityError && <Field.ErrorText>{quantityError}</Field.ErrorText>}
            </Field.Root>
          </SimpleGrid>
          <Field.Root invalid={descriptionError !== undefined}>
            <Field.Label>Description (Optional)</Field.Label>
            <Input autoComplete="off" bg="bg" maxLength={CUSTOM_ITEM_DESCRIPTION_MAX} {...register('description')} />
            {descriptionError && <Field.ErrorText>{descriptionError}</Field.ErrorText>}
          </Field.Root>
          <Flex justify="space-between" align="center" gap="3" wrap="wrap">
            <Controller
              control={control}
              name="isOneTime"
              render={({ field }) => (
                // one name whatever the state ("One-time", on or off), so a screen reader says what the item is
                <HStack gap="3">
                  <Switch.Root checked={field.value === true} onCheckedChange={(e) => field.onChange(e.checked)} colorPalette="blue">
                    <Switch.HiddenInput onBlur={field.onBlur} />
                    <Switch.Control />
                    <Switch.Label>One-time</Switch.Label>
                  </Switch.Root>
                  <Badge colorPalette={field.value ? 'purple' : 'teal'} variant="subtle" aria-live="polite">
                    {field.value ? 'Charged once' : 'Recurring (monthly)'}
                  </Badge>
                </HStack>
              )}
            />
            <Button type="submit" colorPalette="blue" disabled={!valid}>
              <LuPlus /> Add Item
            </Button>
          </Flex>
        </Stack>
      </form>
    </Box>
  );
}

function ItemsTable({ items, dispatch }: { items: CustomItem[]; dispatch: Dispatch<CalculatorAction> }) {
  return (
    <Stack gap="2">
      <Heading as="h3" size="sm">
        Added Items
      </Heading>
      {items.length === 0 ? (
        <Text fontSize="sm" color="fg.muted" borderWidth="1px" borderStyle="dashed" borderRadius="l2" p="4" textAlign="center">
          No custom items yet. Add training, hardware or any other line the quote needs.
        </Text>
      ) : (
        <DataTable
          framed
          aria-label="Added Items"
          scrollProps={{ position: 'relative' }}
          head={
            <>
              <Table.ColumnHeader>Name</Table.ColumnHeader>
              <Table.ColumnHeader hideBelow="sm">Description</Table.ColumnHeader>
              <Table.ColumnHeader hideBelow="sm">Type</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Price</Table.ColumnHeader>
              <Table.ColumnHeader w="24">Quantity</Table.ColumnHeader>
              <Table.ColumnHeader w="1" aria-label="Actions" />
            </>
          }
        >
          {items.map((c) => (
            <Table.Row key={c.id}>
              <Table.Cell whiteSpace="normal">
                <Text fontWeight="medium">{c.name}</Text>
                {c.description && (
                  <Text hideFrom="sm" fontSize="xs" color="fg.muted">
                    {c.description}
                  </Text>
                )}
                <Badge hideFrom="sm" mt="1" size="sm" colorPalette={c.isOneTime ? 'purple' : 'teal'} variant="subtle">
                  {c.isOneTime ? 'One-time' : 'Recurring'}
                </Badge>
              </Table.Cell>
              <Table.Cell hideBelow="sm" color="fg.muted" whiteSpace="normal">
                {c.description || '—'}
              </Table.Cell>
              <Table.Cell hideBelow="sm">
                <Badge colorPalette={c.isOneTime ? 'purple' : 'teal'} variant="subtle">
                  {c.isOneTime ? 'One-time' : 'Recurring'}
                </Badge>
              </Table.Cell>
              <Table.Cell textAlign="end">
                <Money value={c.price} />
                {!c.isOneTime && (
                  <Text as="span" color="fg.muted" fontSize="xs">
                    {' '}
                    / mo
                  </Text>
                )}
              </Table.Cell>
              <Table.Cell>
                <TypedWholeInput
                  label={`Quantity of ${c.name}`}
                  hideLabel
                  value={c.quantity}
                  read={parseLineQuantityText}
                  refusal={configurationMessages.quantity}
                  onValue={(quantity) => dispatch({ type: 'setCustomItemQuantity', id: c.id, quantity })}
                  inputProps={{ size: 'sm', w: '20', name: `custom-quantity-${c.id}` }}
                />
              </Table.Cell>
              <Table.Cell>
                <RemoveIconButton label={`Delete ${c.name}`} onClick={() => dispatch({ type: 'removeCustomItem', id: c.id })} />
              </Table.Cell>
            </Table.Row>
          ))}
        </DataTable>
      )}
    </Stack>
  );
}

export const CustomItemsCard = memo(function CustomItemsCard({ items, dispatch }: { items: CustomItem[]; dispatch: Dispatch<CalculatorAction> }) {
  return (
    <Card.Root as="section" aria-labelledby="custom-items-title" size={{ base: 'sm', md: 'md' }}>
      <Card.Header pb="0">
        <Heading as="h2" size="lg" id="custom-items-title">
          Custom Line Items
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          One-time or recurring lines that are not in the catalogue.
        </Text>
      </Card.Header>
      <Card.Body>
        <Stack gap="5">
          <AddItemForm dispatch={dispatch} />
          <ItemsTable items={items} dispatch={dispatch} />
        </Stack>
      </Card.Body>
    </Card.Root>
  );
});
