// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../../test/render';
import { TierEditor } from './TierEditor';

const tiers = [
  { id: 1, min: 100, max: 999, price: '3.00' },
  { id: 2, min: 1000, max: null, price: '2.50' },
];

async function setup() {
  const onSave = vi.fn();
  const onCancel = vi.fn();
  const r = await renderUi(<TierEditor kind="unit" tiers={tiers} pending={false} onSave={onSave} onCancel={onCancel} />);
  return { ...r, onSave, onCancel };
}

describe('tier editor', () => {
  it('shows each tier with a blank Max for the open one and saves the rows as typed', async () => {
    const { user, onSave } = await setup();
    expect(screen.getByText('Min Units')).toBeTruthy();
    expect(screen.getByText('Price Per Unit')).toBeTruthy();
    expect(screen.getByLabelText('Max Units, tier 2')).toHaveProperty('value', '');
    expect(screen.getByLabelText('Max Units, tier 2').getAttribute('placeholder')).toBe('No limit');
    const price = screen.getByLabelText('Price Per Unit, tier 1');
    await user.clear(price);
    await user.type(price, '3.25');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(onSave).toHaveBeenCalledWith([
      { min: 100, max: 999, price: 325 },
      { min: 1000, max: null, price: 250 },
    ]);
  });

  it('adds a row after the open tier (closing it) and removes rows', async () => {
    const { user, onSave } = await setup();
    await user.click(screen.getByRole('button', { name: 'Add Tier' }));
    expect(screen.getByLabelText('Max Units, tier 2')).toHaveProperty('value', '1899');
    expect(screen.getByLabelText('Min Units, tier 3')).toHaveProperty('value', '1900');
    await user.click(screen.getByRole('button', { name: 'Remove tier 1' }));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(onSave).toHaveBeenCalledWith([
      { min: 1000, max: 1899, price: 250 },
      { min: 1900, max: null, price: 250 },
    ]);
  });

  it('does not save invalid rows and says why, cell by cell and for the set', async () => {
    const { user, onSave } = await setup();
    const price = screen.getByLabelText('Price Per Unit, tier 1');
    await user.clear(price);
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(screen.getByText('Price must be greater than 0')).toBeTruthy();
    await user.type(price, '3');
    const max = screen.getByLabelText('Max Units, tier 1');
    await user.clear(max);
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(screen.getByText('Only the last tier may have no upper limit')).toBeTruthy();
    await user.type(max, '1000');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(screen.getByText('Tier ranges must not overlap')).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('Cancel leaves without saving', async () => {
    const { user, onSave, onCancel } = await setup();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledOnce();
    expect(onSave).not.toHaveBeenCalled();
  });
});
