// For component tests: a control wired to the real calculator reducer over the test catalogue, with the state shown
// as JSON so a test reads what the control changed.
import { useReducer, type Dispatch, type ReactNode } from 'react';
import { calculatorReducer, initialCalculatorState, type CalculatorAction, type CalculatorState } from './calculator-state';
import { testContext } from './test-catalog';

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
      <pre data-testid="state">{JSON.stringify(state)}</pre>
    </>
  );
}

export function readState(el: HTMLElement): CalculatorState {
  return JSON.parse(el.textContent ?? '{}') as CalculatorState;
}
