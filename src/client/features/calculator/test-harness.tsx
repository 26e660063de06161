// For component tests: a control wired to the real calculator reducer over the test catalogue, beside the pricing
// summary the calculator shows for that state, so a test reads what a change did where a person would: in the
// control itself or in the summary (its "Total Base Price" breakdown names the units or users priced).
import { within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { useReducer, type Dispatch, type ReactNode } from 'react';
import { calculateQuote } from '../../../shared/pricing';
import { calculatorReducer, initialCalculatorState, toQuoteForm, type CalculatorAction, type CalculatorState } from './calculator-state';
import { PricingSummary } from './PricingSummary';
import { testCatalog, testContext } from './test-catalog';

const nothing = () => {};

export function WithState({
  initial,
  children,
}: {
  initial?: (s: CalculatorState) => CalculatorState;
  children: (state: CalculatorState, dispatch: Dispatch<CalculatorAction>) => ReactNode;
}) {
  const [state, dispatch] = useReducer(
    (s: CalculatorState, a: CalculatorAction) => calculatorReducer(s, a, testContext),
    testContext,
    (ctx) => (initial ? initial(initialCalculatorState(ctx)) : initialCalculatorState(ctx)),
  );
  return (
    <>
      {children(state, dispatch)}
      <PricingSummary
        quote={calculateQuote(toQuoteForm(state), testContext.pricing)}
        packageName={testCatalog.packages.find((p) => p.id === state.packageId)?.name ?? ''}
        paymentFrequency={state.paymentFrequency}
        pricingModel={state.pricingModel}
        pdfPending={false}
        capturing={false}
        onScreenshot={nothing}
        onDetails={nothing}
        onSave={nothing}
        onPdf={nothing}
      />
    </>
  );
}

/**
 * Opens the summary's "Total Base Price" breakdown ("Units (4 × €3.00)", "Extra locations (2 × €49.00)"), before the
 * test types: reading it later then moves no focus, so no field is left by the reading.
 */
export async function openBasePrice(user: UserEvent, rendered: HTMLElement): Promise<void> {
  await user.click(baseToggle(rendered));
}

const baseToggle = (rendered: HTMLElement) =>
  within(within(rendered).getByTestId('pricing-summary')).getByRole('button', { name: /Total Base Price/ });

function basePriceText(rendered: HTMLElement): string {
  return document.getElementById(baseToggle(rendered).getAttribute('aria-controls')!)?.textContent ?? '';
}

/** How many units or users the summary prices (its breakdown must be open: openBasePrice). */
export function pricedQuantity(rendered: HTMLElement): { model: 'Units' | 'Users'; count: number } {
  const text = basePriceText(rendered);
  const m = /(Units|Users) \(([\d,]+) ×/.exec(text);
  if (!m) throw new Error(`no units or users line in "${text}"`);
  return { model: m[1] as 'Units' | 'Users', count: Number(m[2]!.replace(/,/g, '')) };
}

/** The locations the summary prices: one plus its extra locations (its breakdown must be open). */
export function pricedLocations(rendered: HTMLElement): number {
  const m = /Extra locations \(([\d,]+) ×/.exec(basePriceText(rendered));
  return m ? 1 + Number(m[1]!.replace(/,/g, '')) : 1;
}
