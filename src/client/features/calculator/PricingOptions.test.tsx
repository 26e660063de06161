// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../../test/render';
import { PricingOptions } from './PricingOptions';
import { openBasePrice, pricedLocations, pricedQuantity, WithState } from './test-harness';

async function setup(packageId = 1) {
  const r = await renderUi(
    <WithState initial={(s) => ({ ...s, packageId })}>
      {(s, dispatch) => (
        <PricingOptions
          pricingModel={s.pricingModel}
          squareMeters={s.squareMeters}
          userCount={s.userCount}
          locations={s.locations}
          dispatch={dispatch}
        />
      )}
    </WithState>,
  );
  await openBasePrice(r.user, r.container);
  /** What the summary prices, as the state would say it. */
  const state = () => {
    const { model, count } = pricedQuantity(r.container);
    return {
      pricingModel: model === 'Units' ? 'sqm' : 'user',
      squareMeters: model === 'Units' ? count : undefined,
      userCount: model === 'Users' ? count : undefined,
      locations: pricedLocations(r.container),
    };
  };
  return { ...r, state };
}

describe('units / users field (docs/PRODUCT.md "The calculator")', () => {
  it('empty is 0, refused text stays as typed with its message while the state keeps the last valid value, and on blur a value below the first tier is raised to its minimum', async () => {
    const { user, state } = await setup();
    const units = screen.getByLabelText('Units') as HTMLInputElement;
    expect(units.value).toBe('100');
    await user.clear(units);
    expect(units.value).toBe('');
    expect(state().squareMeters).toBe(0);
    await user.type(units, '4x2');
    // "4" went in; "4x" and "4x2" are refused: never read as 42
    expect(units.value).toBe('4x2');
    expect(state().squareMeters).toBe(4);
    expect(screen.getByText('Units must be a whole number from 0 to 10,000,000')).toBeTruthy();
    await user.tab();
    // the refused text stays; the quote's 4 was raised to the tier minimum
    expect(state().squareMeters).toBe(100);
    await user.clear(units);
    await user.type(units, '42');
    expect(screen.queryByText('Units must be a whole number from 0 to 10,000,000')).toBeNull();
    await user.tab();
    expect(units.value).toBe('100');
    expect(state().squareMeters).toBe(100);
    await user.clear(units);
    await user.type(units, '2500');
    await user.tab();
    expect([units.value, state().squareMeters]).toEqual(['2500', 2500]);
  });

  it('a value past the save limit is refused with the server’s message, as typed and not clamped; the message stays after leaving the field', async () => {
    const { user, state } = await setup();
    const units = screen.getByLabelText('Units') as HTMLInputElement;
    await user.clear(units);
    await user.type(units, '10000000');
    expect(state().squareMeters).toBe(10_000_000);
    expect(screen.queryByText('Units must be a whole number from 0 to 10,000,000')).toBeNull();
    await user.type(units, '5');
    expect([units.value, state().squareMeters]).toEqual(['100000005', 10_000_000]);
    expect(screen.getByText('Units must be a whole number from 0 to 10,000,000')).toBeTruthy();
    await user.tab();
    expect(units.value).toBe('100000005');
    expect(screen.getByText('Units must be a whole number from 0 to 10,000,000')).toBeTruthy();
    await user.clear(units);
    expect(screen.queryByText('Units must be a whole number from 0 to 10,000,000')).toBeNull();
  });

  it('the users field follows the same rule with the user tiers; without tiers the floor is 1', async () => {
    const { user, state } = await setup();
    await user.click(screen.getByText('User-Based'));
    const users = screen.getByLabelText('Users') as HTMLInputElement;
    expect(users.value).toBe('10');
    await user.clear(users);
    await user.type(users, '3');
    await user.tab();
    expect([users.value, state().userCount]).toEqual(['10', 10]);

    const noTiers = await setup(2); // Advanced in the test catalogue has no tiers
    const field = noTiers.container.querySelector('input[name="userCount"], input[name="squareMeters"]') as HTMLInputElement;
    await noTiers.user.clear(field);
    await noTiers.user.tab();
    expect(field.value).toBe('1');
  });
});

describe('locations stepper', () => {
  it('is read-only; minus is disabled at 1, plus always works', async () => {
    const { user, state } = await setup();
    const field = screen.getByLabelText('Locations') as HTMLInputElement;
    const minus = screen.getByRole('button', { name: 'Decrease locations' }) as HTMLButtonElement;
    expect([field.readOnly, field.value, minus.disabled]).toEqual([true, '1', true]);
    await user.click(screen.getByRole('button', { name: 'Increase locations' }));
    await user.click(screen.getByRole('button', { name: 'Increase locations' }));
    expect([field.value, minus.disabled]).toEqual(['3', false]);
    await user.click(minus);
    await user.click(minus);
    expect([field.value, minus.disabled, state().locations]).toEqual(['1', true, 1]);
  });
});
