import { describe, expect, it } from 'vitest';
import type { AddOnDto, CategoryDto } from '../../../lib/catalog-types';
import { createAddOnInput } from '../../../../shared/schemas/catalog-admin';
import { addOnFormSchema, addOnToForm, formToAddOnInput, newAddOnForm } from './addon-form';
import { groupAddOns, toggleAvailability } from './addon-rows';

const cat = (id: number, name: string, multi = true): CategoryDto => ({ id, name, icon: null, allowsMultipleSelection: multi });
const addOn = (id: number, name: string, categoryId: number | null): AddOnDto => ({
  id,
  name,
  description: '',
  categoryId,
  unit: 'quote',
  setupFee: '0.00',
  monthlyFee: '0.00',
  availableForPackages: [],
});

describe('add-on table rows', () => {
  it('groups by category, categories by name, add-ons by name; uncategorised last', () => {
    const groups = groupAddOns(
      [addOn(1, 'Zeta', 2), addOn(2, 'alpha', 2), addOn(3, 'Loose', null), addOn(4, 'Beta', 1), addOn(5, 'Orphan', 99)],
      [cat(1, 'Security'), cat(2, 'Integrations'), cat(3, 'Empty')],
    );
    expect(groups.map((g) => [g.label, g.addOns.map((a) => a.name)])).toEqual([
      ['Integrations', ['alpha', 'Zeta']],
      ['Security', ['Beta']],
      ['Uncategorised', ['Loose', 'Orphan']],
    ]);
  });

  it('toggles exactly one package in the availability list', () => {
    expect(toggleAvailability([1, 2, 3], 2, false)).toEqual([1, 3]);
    expect(toggleAvailability([1, 3], 2, true)).toEqual([1, 3, 2]);
    expect(toggleAvailability([1, 2], 2, true)).toEqual([1, 2]);
  });
});

describe('add-on form', () => {
  it('defaults: fees 0, available for every package', () => {
    expect(newAddOnForm([4, 7])).toMatchObject({ setupFee: '0', monthlyFee: '0', availableForPackages: [4, 7], categoryId: '' });
  });

  it('needs a name and a category, with one message', () => {
    const r = addOnFormSchema.safeParse(newAddOnForm([1]));
    expect(r.error?.issues.map((i) => i.message)).toEqual(['Name and category are required', 'Name and category are required']);
  });

  it('converts to an input the server accepts', () => {
    const input = formToAddOnInput({ ...newAddOnForm([1, 2]), name: ' SSO ', categoryId: '3', setupFee: '250', monthlyFee: '' });
    expect(input).toEqual({
      name: 'SSO',
      description: '',
      categoryId: 3,
      unit: 'quote',
      setupFee: '250',
      monthlyFee: '0',
      availableForPackages: [1, 2],
    });
    expect(createAddOnInput.parse(input)).toMatchObject({ setupFee: 25000, monthlyFee: 0, categoryId: 3, unit: 'quote' });
    // the unit chosen goes as it is, and an add-on's own unit comes back into the form
    expect(createAddOnInput.parse(formToAddOnInput({ ...newAddOnForm([1]), name: 'Sensor', categoryId: '3', unit: 'item' }))).toMatchObject({
      unit: 'item',
    });
    expect(addOnToForm({ ...addOn(5, 'Door display', 3), unit: 'location' }).unit).toBe('location');
  });
});
