// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../../test/render';
import { SellerDiscountSection } from './SellerDiscountSection';
import { WithState } from './test-harness';

async function setup() {
  const r = await renderUi(<WithState>{(s, dispatch) => <SellerDiscountSection discount={s.sellerDiscount} dispatch={dispatch} />}</WithState>);
  const apply = () => screen.getByRole('button', { name: "Apply seller's discount" }) as HTMLButtonElement;
  const summary = () => screen.getByTestId('pricing-summary').textContent ?? '';
  return { ...r, apply, summary };
}

describe('the seller’s discount (docs/PRODUCT.md "Pricing" step 5)', () => {
  it('a percentage with a reason is its own line in the summary; Remove takes it off', async () => {
    const { user, apply, summary } = await setup();
    // Entry 99.00 + 100 × 3.00 = 399.00
    expect(screen.getByTestId('total-monthly').textContent).toBe('€399.00');
    expect(apply().disabled).toBe(true);
    await user.type(screen.getByLabelText('Percentage (%)'), '10');
    expect(apply().disabled).toBe(true);
    await user.type(screen.getByLabelText('Reason'), 'Multi-year commitment');
    await user.click(apply());
    expect(screen.getByTestId('seller-discount').textContent).toContain("Seller's discount: Multi-year commitment");
    expect(screen.getByTestId('seller-discount').textContent).toContain('10% off after the other discounts');
    expect(summary()).toContain("Seller's discount: Multi-year commitment−€39.90");
    expect(screen.getByTestId('total-monthly').textContent).toBe('€359.10');
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    expect(summary()).not.toContain("Seller's discount");
    expect(screen.getByTestId('total-monthly').textContent).toBe('€399.00');
  });

  it('a fixed amount per month, capped at what is left; what the save refuses says why and is not applied', async () => {
    const { user, apply, summary } = await setup();
    await user.click(screen.getByText('Fixed amount'));
    const amount = screen.getByLabelText('Amount per month (€)');
    await user.type(amount, '0');
    expect(screen.getByText("A fixed seller's discount must be an amount above €0")).toBeTruthy();
    expect(apply().disabled).toBe(true);
    await user.clear(amount);
    await user.type(amount, '30,50');
    await user.type(screen.getByLabelText('Reason'), 'x'.repeat(201));
    expect(screen.getByText("The reason for the seller's discount must be at most 200 characters")).toBeTruthy();
    expect(apply().disabled).toBe(true);
    await user.clear(screen.getByLabelText('Reason'));
    await user.type(screen.getByLabelText('Reason'), 'Pilot site');
    await user.click(apply());
    expect(summary()).toContain("Seller's discount: Pilot site−€30.50");
    expect(screen.getByTestId('total-monthly').textContent).toBe('€368.50');
    // Change opens the form with its values; a new amount replaces it, one per quote
    await user.click(screen.getByRole('button', { name: 'Change' }));
    const again = screen.getByLabelText('Amount per month (€)') as HTMLInputElement;
    expect(again.value).toBe('30.5');
    await user.clear(again);
    await user.type(again, '1000');
    await user.click(apply());
    expect(screen.getByTestId('total-monthly').textContent).toBe('€0.00');
    expect(summary().match(/Seller's discount/g)).toHaveLength(1);
  });
});
