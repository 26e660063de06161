// Long work in slices (docs/DECISIONS.md "Scripts and other systems"): a generator that yields between small steps,
// run either with the event loop turning whenever a slice has taken SLICE_MS (other requests are answered
// meanwhile), or at once where nothing may come in between (inside a transaction).

/** How long work runs before other requests get their turn. */
const SLICE_MS = 10;

/** Lets whatever waits for the event loop run first. */
export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export type Steps<T> = Generator<void, T, undefined>;

/** Ends with a turn of its own, so that what the caller does next starts a slice of its own too. */
export async function inSlices<T>(steps: Steps<T>): Promise<T> {
  let started = performance.now();
  for (;;) {
    const step = steps.next();
    if (step.done) {
      await nextTurn();
      return step.value;
    }
    if (performance.now() - started > SLICE_MS) {
      await nextTurn();
      started = performance.now();
    }
  }
}

export function atOnce<T>(steps: Steps<T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}
