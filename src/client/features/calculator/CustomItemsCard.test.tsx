// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../../test/render';
import { CustomItemsCard } from './CustomItemsCard';
import { WithState } from './test-harness';

async function setup() {
  const r = await renderUi(<WithState>{(s, dispatch) => <CustomItemsCard items={s.customItems} dispatch={dispatch} />}</WithState>);
  const addButton = () => screen.getByRole('button', { name: 'Add Item' }) as HTMLButtonElement;
  /** The rows of the Added Items table, read back as items: name, description, type and price. */
  const items = () => {
    const table = screen.queryByRole('table', { name: 'Added Items' });
    if (!table) return [];
    return within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => {
        const [name, description, type, price] = within(row).getAllByRole('cell');
        return {
          // the name's cell repeats description and type below it on a phone: the name is its first line
          name: name!.firstElementChild?.textContent,
          description: description!.textContent === '—' ? '' : description!.textContent,
          isOneTime: type!.textContent === 'One-time',
          price: Number(/€([\d,]+\.\d{2})/.exec(price!.textContent ?? '')?.[1]?.replace(/,/g, '')),
        };
      });
  };
  return { ...r, addButton, items };
}

describe('custom line items (docs/PRODUCT.md "The calculator")', () => {
  it('Add Item is disabled until a name and a price above 0 are given; no messages are shown', async () => {
    const { user, addButton } = await setup();
    const name = screen.getByLabelText('Item Name');
    const price = screen.getByLabelText('Price') as HTMLInputElement;
    // text with the decimal keypad: the schema reads a point or a comma (docs/PRODUCT.md "Numbers as typed")
    expect([price.type, price.inputMode]).toEqual(['text', 'decimal']);
    expect(addButton().disabled).toBe(true);
    await user.type(name, 'Training');
    expect(addButton().disabled).toBe(true);
    await user.type(price, '0');
    expect(addButton().disabled).toBe(true);
    await user.clear(price);
    await user.type(price, '250.5');
    expect(addButton().disabled).toBe(false);
    await user.clear(name);
    await user.type(name, '   ');
    expect(addButton().disabled).toBe(true);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('adds a one-time item by default, then resets the form (one-time on, empty fields)', async () => {
    const { user, addButton, items } = await setup();
    const sw = screen.getByRole('checkbox', { name: 'One-time' }) as HTMLInputElement;
    expect(sw.checked).toBe(true);
    await user.type(screen.getByLabelText('Item Name'), 'Training');
    await user.type(screen.getByLabelText('Price'), '250.50');
    await user.type(screen.getByLabelText('Description (Optional)'), 'Two days');
    await user.click(addButton());
    expect(items()).toMatchObject([{ name: 'Training', description: 'Two days', isOneTime: true, price: 250.5 }]);
    expect((screen.getByLabelText('Item Name') as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('Price') as HTMLInputElement).value).toBe('');
    expect(addButton().disabled).toBe(true);

    const table = screen.getByRole('table', { name: 'Added Items' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['Name', 'Description', 'Type', 'Price', 'Quantity', '']);
    const row = within(table).getAllByRole('row')[1]!;
    expect(row.textContent).toContain('One-time');
    expect(row.textContent).toContain('€250.50');
  });

  it('adds a recurring item with the switch off (Enter submits), and deletes a row', async () => {
    const { user, items } = await setup();
    await user.click(screen.getByText('One-time'));
    expect(screen.getByText('Recurring (monthly)')).toBeTruthy();
    // the switch keeps its name: a screen reader hears "One-time, off", not "Recurring, off"
    await waitFor(() => expect((screen.getByRole('checkbox', { name: 'One-time' }) as HTMLInputElement).checked).toBe(false));
    await user.type(screen.getByLabelText('Item Name'), 'Hosting');
    await user.type(screen.getByLabelText('Price'), '19.99{Enter}');
    expect(items()).toMatchObject([{ name: 'Hosting', isOneTime: false, price: 19.99 }]);
    expect(screen.getByRole('table', { name: 'Added Items' }).textContent).toContain('Recurring');
    // the switch is back on after a successful add (the switch's input follows its state a render later)
    await waitFor(() => expect((screen.getByRole('checkbox', { name: 'One-time' }) as HTMLInputElement).checked).toBe(true));
    await user.click(screen.getByRole('button', { name: 'Delete Hosting' }));
    expect(items()).toEqual([]);
    expect(screen.queryByRole('table', { name: 'Added Items' })).toBeNull();
    expect(screen.getByText(/No custom items yet/)).toBeTruthy();
  });

  it('an item is added with its quantity, changed in its row; the summary says "12 × €2.50" and the line is €30.00', async () => {
    const { user, addButton } = await setup();
    const quantity = screen.getByLabelText('Quantity') as HTMLInputElement;
    expect([quantity.value, quantity.inputMode]).toEqual(['1', 'numeric']);
    await user.click(screen.getByText('One-time'));
    await user.type(screen.getByLabelText('Item Name'), 'Licence');
    await user.type(screen.getByLabelText('Price'), '2.50');
    await user.clear(quantity);
    await user.type(quantity, '0');
    expect(screen.getByText('Quantity must be a whole number from 1 to 10,000')).toBeTruthy();
    expect(addButton().disabled).toBe(true);
    await user.clear(quantity);
    await user.type(quantity, '12');
    await user.click(addButton());
    expect(quantity.value).toBe('1');
    const summary = screen.getByTestId('pricing-summary');
    expect(summary.textContent).toContain('Licence (12 × €2.50)€30.00');
    const row = screen.getByRole('textbox', { name: 'Quantity of Licence' }) as HTMLInputElement;
    expect(row.value).toBe('12');
    await user.clear(row);
    await user.type(row, '3');
    expect(summary.textContent).toContain('Licence (3 × €2.50)€7.50');
    await user.clear(row);
    await user.type(row, '1');
    // one of it says no quantity
    expect(summary.textContent).toContain('Licence€2.50');
    expect(summary.textContent).not.toContain('1 × €2.50');
  });

  it('a price over the server limit says why under the field, and Add Item stays disabled', async () => {
    const { user, addButton } = await setup();
    await user.type(screen.getByLabelText('Item Name'), 'Data centre');
    await user.type(screen.getByLabelText('Price'), '10000000.01');
    expect(addButton().disabled).toBe(true);
    expect(screen.getByText('Custom item price must be at most €10,000,000')).toBeTruthy();
    await user.clear(screen.getByLabelText('Price'));
    await user.type(screen.getByLabelText('Price'), '10000000');
    expect(addButton().disabled).toBe(false);
    expect(screen.queryByText('Custom item price must be at most €10,000,000')).toBeNull();
  });
});
