// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../../test/render';
import { AddOnsSection } from './AddOnsSection';
import { CATALOG_ICON_OPTIONS, catalogIconComponent } from '../../components/catalog-icons';
import { testCatalog } from './test-catalog';
import { WithState } from './test-harness';
import { LuNetwork, LuSettings, LuUsers } from 'react-icons/lu';

async function setup(packageId = 1) {
  const r = await renderUi(
    <WithState initial={(s) => ({ ...s, packageId })}>
      {(s, dispatch) => (
        <AddOnsSection
          categories={testCatalog.categories}
          addOns={testCatalog.addOns}
          selected={s.addOns}
          packageId={s.packageId}
          packageName={testCatalog.packages.find((p) => p.id === s.packageId)!.name}
          locations={s.locations}
          dispatch={dispatch}
        />
      )}
    </WithState>,
  );
  /** An add-on's own box or radio button (its label starts with its name; the waive switch's does not). */
  const control = (name: string) =>
    (screen.queryByRole('checkbox', { name: new RegExp(`^${name}`) }) ??
      screen.queryByRole('radio', { name: new RegExp(`^${name}`) })) as HTMLInputElement | null;
  /** The add-ons ticked on screen, in the catalogue's order. */
  const selectedIds = () => testCatalog.addOns.filter((a) => control(a.name)?.checked).map((a) => a.id);
  return { ...r, selectedIds };
}

describe('add-on controls', () => {
  it('a checkbox in a multiple-selection category toggles; a second click deselects', async () => {
    const { user, selectedIds } = await setup();
    const ms = screen.getByRole('checkbox', { name: /Microsoft 365 Integration/ });
    await user.click(ms);
    await user.click(screen.getByRole('checkbox', { name: /Google Workspace Integration/ }));
    expect(selectedIds()).toEqual([11, 12]);
    expect((ms as HTMLInputElement).checked).toBe(true);
    await user.click(ms);
    expect(selectedIds()).toEqual([12]);
    expect((ms as HTMLInputElement).checked).toBe(false);
  });

  it('radio buttons in a single-selection category replace each other; clicking the chosen one removes it', async () => {
    const { user, selectedIds } = await setup(2);
    await user.click(screen.getByRole('radio', { name: /Business Support/ }));
    expect(selectedIds()).toEqual([21]);
    await user.click(screen.getByRole('radio', { name: /Premium Support/ }));
    expect(selectedIds()).toEqual([22]);
    expect((screen.getByRole('radio', { name: /Business Support/ }) as HTMLInputElement).checked).toBe(false);
    await user.click(screen.getByRole('radio', { name: /Premium Support/ }));
    expect(selectedIds()).toEqual([]);
  });

  it('"Select none" clears only its own category and is disabled when nothing is chosen there', async () => {
    const { user, selectedIds } = await setup(2);
    const none = screen.getByRole('button', { name: 'Select none in Integrations' });
    expect((none as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('checkbox', { name: /Microsoft 365 Integration/ }));
    await user.click(screen.getByRole('checkbox', { name: /Google Workspace Integration/ }));
    await user.click(screen.getByRole('radio', { name: /Business Support/ }));
    await user.click(none);
    expect(selectedIds()).toEqual([21]);
    await user.click(screen.getByRole('button', { name: 'Select none in Support Plans' }));
    expect(selectedIds()).toEqual([]);
  });

  it('add-ons the package does not offer are disabled with a hint', async () => {
    const { user, selectedIds } = await setup(1);
    const premium = screen.getByRole('radio', { name: /Premium Support/ }) as HTMLInputElement;
    const sensor = screen.getByRole('checkbox', { name: /Sensor/ }) as HTMLInputElement;
    expect([premium.disabled, sensor.disabled]).toEqual([true, true]);
    expect(screen.getAllByTestId('addon-unavailable').map((e) => e.textContent)).toEqual([
      'Not available for the Entry package',
      'Not available for the Entry package',
    ]);
    await user.click(sensor);
    expect(selectedIds()).toEqual([]);
  });

  it('a selected add-on with a setup fee shows the waive toggle; one without a fee does not', async () => {
    const { user } = await setup(2);
    expect(screen.queryByText('Waive Setup Fee')).toBeNull();
    await user.click(screen.getByRole('radio', { name: /Business Support/ })); // setup fee €0.00
    expect(screen.queryByText('Waive Setup Fee')).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: /Microsoft 365 Integration/ }));
    const toggle = screen.getByRole('checkbox', { name: /Waive Setup Fee/ });
    await user.click(toggle);
    expect((screen.getByRole('checkbox', { name: /Setup Fee Waived/ }) as HTMLInputElement).checked).toBe(true);
    await user.click(screen.getByRole('checkbox', { name: /Setup Fee Waived/ }));
    expect(screen.getByText('Waive Setup Fee')).toBeTruthy();
  });

  it('shows each add-on’s monthly and setup fee, grouped under its category', async () => {
    await setup(3);
    const groups = screen.getAllByTestId('addon-category');
    expect(groups.map((g) => within(g).getAllByText(/./)[0]!.textContent)).toEqual(testCatalog.categories.map((c) => c.name));
    const integrations = groups.find((g) => within(g).queryByText('Integrations'))!;
    expect(integrations.textContent).toContain('€25.00 / month');
    expect(integrations.textContent).toContain('Setup fee €150.00');
    expect(integrations.textContent).toContain('Choose any');
    const support = groups.find((g) => within(g).queryByText('Support Plans'))!;
    expect(support.textContent).toContain('Choose one');
    expect(support.textContent).toContain('No setup fee');
  });
});

describe('quantities (docs/PRODUCT.md "Pricing" step 3)', () => {
  const summary = () => screen.getByTestId('pricing-summary');
  const openAddOns = async (user: { click: (e: Element) => Promise<void> }) => user.click(within(summary()).getByRole('button', { name: /Add-ons/ }));

  it('a selected add-on priced per item takes a quantity, typed as every number field; the summary says "12 × €35.00"', async () => {
    const { user } = await setup(3);
    expect(screen.queryByTestId('addon-quantity')).toBeNull();
    expect(screen.getByText(/per item/).textContent).toContain('/ month per item');
    await user.click(screen.getByRole('checkbox', { name: /^Sensor/ }));
    const quantity = screen.getByRole('textbox', { name: 'Quantity (Sensor)' }) as HTMLInputElement;
    expect([quantity.value, quantity.inputMode]).toEqual(['1', 'numeric']);
    await openAddOns(user);
    await user.clear(quantity);
    await user.type(quantity, '12');
    expect(summary().textContent).toContain('Sensor (12 × €35.00)€420.00');
    // setup fee 450.00 × 12, one-time
    expect(summary().textContent).toContain('Sensor setup fee (12 × €450.00)€5,400.00');
    for (const typed of ['0', '2.5', '10001', 'abc']) {
      await user.tripleClick(quantity);
      await user.paste(typed);
      expect(quantity.value).toBe(typed);
      expect(screen.getByText('Quantity must be a whole number from 1 to 10,000')).toBeTruthy();
      expect(summary().textContent).toContain('Sensor (12 × €35.00)€420.00');
    }
    await user.tab();
    expect(quantity.value).toBe('abc');
    await user.tripleClick(quantity);
    await user.paste('10000');
    expect(screen.queryByText('Quantity must be a whole number from 1 to 10,000')).toBeNull();
    expect(summary().textContent).toContain('Sensor (10,000 × €35.00)€350,000.00');
  });

  it('an add-on priced per location says it counts the locations, and is priced for each', async () => {
    const { user } = await renderUi(
      <WithState initial={(s) => ({ ...s, locations: 3 })}>
        {(s, dispatch) => (
          <AddOnsSection
            categories={testCatalog.categories}
            addOns={testCatalog.addOns}
            selected={s.addOns}
            packageId={s.packageId}
            packageName="Entry"
            locations={s.locations}
            dispatch={dispatch}
          />
        )}
      </WithState>,
    );
    const door = screen.getByRole('checkbox', { name: /^Door Display/ });
    expect(door.closest('label')?.textContent).toContain('€15.00 / month × 3 locations');
    await user.click(door);
    expect(screen.queryByTestId('addon-quantity')).toBeNull();
    await openAddOns(user);
    expect(summary().textContent).toContain('Door Display (3 × €15.00)€45.00');
  });
});

describe('category icons', () => {
  it('maps the icon name, with the gear for an unknown one', () => {
    expect(catalogIconComponent('network')).toBe(LuNetwork);
    expect(catalogIconComponent('People')).toBe(LuUsers);
    expect(catalogIconComponent('no-such-icon')).toBe(LuSettings);
    expect(catalogIconComponent(null)).toBe(LuSettings);
  });

  it('draws every icon the admin can pick, and only the gear as the gear', () => {
    expect(CATALOG_ICON_OPTIONS).toHaveLength(30);
    for (const o of CATALOG_ICON_OPTIONS) expect(catalogIconComponent(o.id)).toBe(o.id === 'gear' ? LuSettings : o.Icon);
    expect(CATALOG_ICON_OPTIONS.filter((o) => o.Icon === LuSettings).map((o) => o.id)).toEqual(['gear']);
  });
});
