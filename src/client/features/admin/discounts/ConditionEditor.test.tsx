// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../../../test/render';
import { ConditionEditor } from './ConditionEditor';
import { defaultCondition, type ConditionDraft } from './condition-rules';

const packages = [
  { id: 1, name: 'Entry' },
  { id: 2, name: 'Advanced' },
  { id: 3, name: 'Ultimate' },
];
let latest: ConditionDraft[] = [];

function Harness() {
  const [conditions, setConditions] = useState<ConditionDraft[]>([defaultCondition()]);
  latest = conditions;
  return <ConditionEditor conditions={conditions} onChange={setConditions} packages={packages} />;
}

const optionTexts = (el: HTMLElement) =>
  within(el)
    .getAllByRole('option')
    .map((o) => o.textContent);

describe('condition editor', () => {
  it('starts with contract duration >= 24 and offers the numeric operators', async () => {
    await renderUi(<Harness />);
    expect(screen.getByLabelText<HTMLSelectElement>('Condition 1 type').value).toBe('contractDuration');
    expect(optionTexts(screen.getByLabelText('Condition 1 type'))).toEqual([
      'Contract Duration',
      'Units',
      'User Count',
      'Locations',
      'Package',
      'Payment Frequency',
      'Pricing Model',
    ]);
    expect(optionTexts(screen.getByLabelText('Condition 1 operator'))).toEqual(['=', '>', '>=', '<', '<=']);
    const value = screen.getByLabelText<HTMLInputElement>('Condition 1 value');
    // a text field with the numeric keypad: what is typed stays as typed, and the rule judges it on save
    expect([value.value, value.type, value.inputMode]).toEqual(['24', 'text', 'numeric']);
  });

  it('package: = with a package select, in with package checkboxes', async () => {
    const { user } = await renderUi(<Harness />);
    await user.selectOptions(screen.getByLabelText('Condition 1 type'), 'package');
    expect(optionTexts(screen.getByLabelText('Condition 1 operator'))).toEqual(['=', 'in']);
    expect(optionTexts(screen.getByLabelText('Condition 1 value'))).toEqual(['Entry', 'Advanced', 'Ultimate']);
    await user.selectOptions(screen.getByLabelText('Condition 1 value'), '2');
    await user.selectOptions(screen.getByLabelText('Condition 1 operator'), 'in');
    const group = screen.getByRole('group', { name: 'Condition 1 packages' });
    expect(within(group).getByRole('checkbox', { name: 'Advanced' })).toHaveProperty('checked', true);
    await user.click(within(group).getByText('Ultimate'));
    expect(latest).toEqual([{ type: 'package', operator: 'in', value: [2, 3] }]);
  });

  it('payment frequency allows only = with monthly, quarterly, annually; pricing model = with the two models', async () => {
    const { user } = await renderUi(<Harness />);
    await user.selectOptions(screen.getByLabelText('Condition 1 type'), 'paymentFrequency');
    expect(optionTexts(screen.getByLabelText('Condition 1 operator'))).toEqual(['=']);
    expect(optionTexts(screen.getByLabelText('Condition 1 value'))).toEqual(['Monthly', 'Quarterly', 'Annual']);
    await user.selectOptions(screen.getByLabelText('Condition 1 value'), 'annually');
    expect(latest).toEqual([{ type: 'paymentFrequency', operator: '=', value: 'annually' }]);

    await user.selectOptions(screen.getByLabelText('Condition 1 type'), 'pricingModel');
    expect(optionTexts(screen.getByLabelText('Condition 1 operator'))).toEqual(['=']);
    expect(optionTexts(screen.getByLabelText('Condition 1 value'))).toEqual(['Unit-Based', 'User-Based']);
  });

  it('adds and removes rows', async () => {
    const { user } = await renderUi(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Add Condition' }));
    expect(screen.getAllByTestId('condition-row')).toHaveLength(2);
    await user.selectOptions(screen.getByLabelText('Condition 2 type'), 'locations');
    await user.selectOptions(screen.getByLabelText('Condition 2 operator'), '<');
    await user.clear(screen.getByLabelText('Condition 2 value'));
    await user.type(screen.getByLabelText('Condition 2 value'), '5');
    await user.click(screen.getByRole('button', { name: 'Remove condition 1' }));
    expect(latest).toEqual([{ type: 'locations', operator: '<', value: '5' }]);
  });
});
