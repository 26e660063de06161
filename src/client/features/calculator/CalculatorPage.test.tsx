// @vitest-environment jsdom
// Numbers as people type them (docs/PRODUCT.md "Numbers as typed"), in the calculator over the demo catalogue of a
// real in-process app: refused text stays as typed with the field's message and the quote keeps its figures; a decimal
// comma is a decimal; below the smallest tier the field says where the package starts.
import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, USER, type TestApp, type TestClient } from '../../../../tests/support/test-app';
import { renderUi } from '../../test/render';
import { appFetch } from '../../test/server-fetch';
import { CalculatorPage } from './CalculatorPage';

let t: TestApp;
let demo: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  demo = await t.login(USER!.email, USER!.password);
});
afterAll(() => t.close());

async function openCalculator() {
  const r = await renderUi(<CalculatorPage />, { fetch: appFetch(t, demo) });
  const units = (await screen.findByLabelText('Units')) as HTMLInputElement;
  const figures = () => ({
    monthly: screen.getByTestId('total-monthly').textContent,
    oneTime: screen.getByTestId('total-one-time').textContent,
    tcv: screen.getByTestId('total-tcv').textContent,
  });
  return { ...r, units, figures };
}

describe('the calculator reads numbers as typed', () => {
  it('refuses "12.5", "-5", "1e3" and "12a" in Units with the field’s message; the quote keeps its last valid value', async () => {
    const { user, units, figures } = await openCalculator();
    await user.clear(units);
    await user.type(units, '250');
    await waitFor(() => expect(screen.getByTestId('total-monthly').textContent).toBe('€849.00')); // 99.00 + 250 × 3.00
    const before = figures();
    for (const typed of ['12.5', '-5', '1e3', '12a']) {
      // the whole text at once (selected and replaced), so no valid number passes on the way
      await user.tripleClick(units);
      await user.paste(typed);
      // what was typed stays as typed: never 125, 5 or 13
      expect(units.value).toBe(typed);
      expect(screen.getByText('Units must be a whole number from 0 to 10,000,000')).toBeTruthy();
      expect(figures()).toEqual(before);
      await user.tab();
      expect(units.value).toBe(typed);
      expect(screen.getByText('Units must be a whole number from 0 to 10,000,000')).toBeTruthy();
      expect(figures()).toEqual(before);
    }
    await user.clear(units);
    await user.type(units, '250');
    expect(screen.queryByText('Units must be a whole number from 0 to 10,000,000')).toBeNull();
    expect(figures()).toEqual(before);
  });

  it('a keystroke that makes the text no whole number leaves the quote as it was; over the limit is said, not clamped', async () => {
    const { user, units, figures } = await openCalculator();
    await user.clear(units);
    await user.type(units, '250');
    const before = figures();
    await user.type(units, '.5');
    expect(units.value).toBe('250.5');
    expect(screen.getByText('Units must be a whole number from 0 to 10,000,000')).toBeTruthy();
    expect(figures()).toEqual(before);
    // over the save limit: said, not clamped
    await user.clear(units);
    await user.type(units, '10000001');
    expect(units.value).toBe('10000001');
    expect(screen.getByText('Units must be a whole number from 0 to 10,000,000')).toBeTruthy();
  });

  it('below the smallest tier says "Entry starts at 100 units" instead of a price, and raises the value on leaving', async () => {
    const { user, units } = await openCalculator();
    await user.clear(units);
    await user.type(units, '50');
    expect(screen.getByText('Entry starts at 100 units')).toBeTruthy();
    expect(screen.queryByText(/per unit per month at this size/)).toBeNull();
    await user.tab();
    expect(units.value).toBe('100');
    expect(screen.queryByText('Entry starts at 100 units')).toBeNull();
    expect(screen.getByText(/^€3\.00 per unit per month at this size/)).toBeTruthy();

    await user.click(screen.getByText('User-Based'));
    const users = screen.getByLabelText('Users') as HTMLInputElement;
    await user.clear(users);
    await user.type(users, '3');
    expect(screen.getByText('Entry starts at 10 users')).toBeTruthy();
  });

  it('a custom price takes a decimal comma: "12,50" is €12.50; "12a" and "1e3" are refused and add nothing', async () => {
    const { user, figures } = await openCalculator();
    const name = screen.getByLabelText('Item Name');
    const price = screen.getByLabelText('Price') as HTMLInputElement;
    const add = () => screen.getByRole('button', { name: 'Add Item' }) as HTMLButtonElement;
    await user.type(name, 'Training');
    const before = figures();
    for (const typed of ['12a', '1e3', '-5', '1,234']) {
      await user.clear(price);
      await user.type(price, typed);
      expect(price.value).toBe(typed);
      expect(screen.getByText('Custom item price must be a number greater than 0')).toBeTruthy();
      expect(add().disabled).toBe(true);
    }
    await user.clear(price);
    await user.type(price, '10000000,01');
    expect(screen.getByText('Custom item price must be at most €10,000,000')).toBeTruthy();
    expect(add().disabled).toBe(true);
    expect(figures()).toEqual(before);

    await user.clear(price);
    await user.type(price, '12,50');
    expect(add().disabled).toBe(false);
    await user.click(add());
    const row = within(screen.getByRole('table', { name: 'Added Items' })).getAllByRole('row')[1]!;
    expect(row.textContent).toContain('€12.50');
    // one-time by default: €499.00 setup + €12.50
    expect(figures().oneTime).toBe('€511.50');
    // the next item starts at its name
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Item Name')));

    await user.type(screen.getByLabelText('Item Name'), 'Hardware');
    await user.type(screen.getByLabelText('Price'), '1.234,50');
    await user.click(add());
    expect(figures().oneTime).toBe('€1,746.00');
  });
});
