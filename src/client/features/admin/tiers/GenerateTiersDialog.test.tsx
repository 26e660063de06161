// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { generateTiers } from '../../../../shared/pricing/generate-tiers';
import { renderUi } from '../../../test/render';
import { GenerateTiersDialog } from './GenerateTiersDialog';

async function setup(kind: 'unit' | 'user' = 'unit') {
  const onGenerate = vi.fn();
  const r = await renderUi(<GenerateTiersDialog open kind={kind} packageName="Flex" pending={false} onGenerate={onGenerate} onClose={() => {}} />);
  return { ...r, onGenerate };
}

const previewRows = () =>
  within(screen.getByTestId('tier-preview'))
    .getAllByRole('row')
    .slice(1)
    .map((r) =>
      within(r)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    );

describe('Auto-Generate dialog', () => {
  it('opens with the unit defaults and previews 100, 325, 550, 775, 1000 at €3.00 … €1.00', async () => {
    const { user, onGenerate } = await setup();
    expect(screen.getByLabelText('Minimum Units')).toHaveProperty('value', '100');
    expect(screen.getByLabelText('Maximum Units')).toHaveProperty('value', '1000');
    expect(screen.getByLabelText('Price at Minimum (€ per unit)')).toHaveProperty('value', '3');
    expect(screen.getByLabelText('Price at Maximum (€ per unit)')).toHaveProperty('value', '1');
    expect(screen.getByLabelText('Number of Tiers')).toHaveProperty('value', '5');
    expect(screen.getByText('3-6 recommended')).toBeTruthy();
    expect(previewRows()).toEqual([
      ['100 – 324 units', '€3.00'],
      ['325 – 549 units', '€2.50'],
      ['550 – 774 units', '€2.00'],
      ['775 – 999 units', '€1.50'],
      ['1,000 units+', '€1.00'],
    ]);
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    // The tiers previewed above are the ones sent: the engine's for the unit defaults (generate-tiers.test.ts has them).
    expect(onGenerate).toHaveBeenCalledWith(generateTiers({ min: 100, max: 1000, priceAtMin: 300, priceAtMax: 100, count: 5 }));
  });

  it('user tiers start from 10–100 users at €15.00 … €6.00', async () => {
    await setup('user');
    expect(screen.getByRole('heading', { name: 'Auto-Generate User-Based Tiers' })).toBeTruthy();
    expect(previewRows().map((r) => r[1])).toEqual(['€15.00', '€12.75', '€10.50', '€8.25', '€6.00']);
    expect(previewRows()[4]![0]).toBe('100 users+');
  });

  it('disables Generate and explains while a value is invalid; the preview follows the inputs', async () => {
    const { user, onGenerate } = await setup();
    const count = screen.getByLabelText('Number of Tiers');
    await user.clear(count);
    await user.type(count, '11');
    expect(screen.getByText('Number of tiers must be from 2 to 10')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Generate' })).toHaveProperty('disabled', true);
    expect(screen.queryByTestId('tier-preview')).toBeNull();

    await user.clear(count);
    await user.type(count, '3');
    expect(previewRows()).toEqual([
      ['100 – 549 units', '€3.00'],
      ['550 – 999 units', '€2.00'],
      ['1,000 units+', '€1.00'],
    ]);

    const max = screen.getByLabelText('Maximum Units');
    await user.clear(max);
    await user.type(max, '50');
    expect(screen.getByText('Maximum must be above the minimum')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Generate' })).toHaveProperty('disabled', true);
    await user.clear(max);
    await user.type(max, '1000');

    const price = screen.getByLabelText('Price at Maximum (€ per unit)');
    await user.clear(price);
    await user.type(price, '0');
    expect(screen.getByText('Price must be greater than 0')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Generate' })).toHaveProperty('disabled', true);
    await user.keyboard('{Enter}');
    expect(onGenerate).not.toHaveBeenCalled();
  });

  it('reads numbers as typed: a decimal comma is a decimal, "12.5", "1e3" and "-5" are refused, never rewritten', async () => {
    const { user } = await setup();
    const price = screen.getByLabelText('Price at Minimum (€ per unit)');
    // text fields with the phone's number keypads, not type=number (which reads "2,50" as 250 in English)
    expect([(price as HTMLInputElement).type, price.getAttribute('inputmode')]).toEqual(['text', 'decimal']);
    expect(screen.getByLabelText('Number of Tiers').getAttribute('inputmode')).toBe('numeric');
    await user.clear(price);
    await user.type(price, '2,50');
    expect(previewRows()[0]).toEqual(['100 – 324 units', '€2.50']);
    for (const [label, typed, message] of [
      ['Minimum Units', '12.5', 'Minimum must be a whole number of 0 or more'],
      ['Minimum Units', '1e3', 'Minimum must be a whole number of 0 or more'],
      ['Number of Tiers', '-5', 'Number of tiers must be from 2 to 10'],
      ['Price at Minimum (€ per unit)', '12a', 'Price must be greater than 0'],
    ] as const) {
      const field = screen.getByLabelText(label);
      const before = (field as HTMLInputElement).value;
      await user.clear(field);
      await user.type(field, typed);
      expect((field as HTMLInputElement).value).toBe(typed);
      expect(screen.getByText(message)).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Generate' })).toHaveProperty('disabled', true);
      await user.clear(field);
      await user.type(field, before);
    }
  });
});
