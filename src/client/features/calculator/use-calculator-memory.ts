// What the calculator remembers and says on its own: the unsaved draft (kept per user in the browser, restored with
// a notice) and the discounts an action dropped (announced with the reason). The rules are in draft-storage.ts and
// discount-announcements.ts; this hook only wires them to the page's state.
import { useCallback, useEffect, useMemo, useRef, useState, type Dispatch } from 'react';
import { notify } from '../../components/toaster';
import { calculatorReducer, type CalculatorAction, type CalculatorContext, type CalculatorState, type LoadedConfiguration } from './calculator-state';
import { droppedDiscountAnnouncements } from './discount-announcements';
import { clearDraft, quoteFingerprint, readDraft, writeDraft } from './draft-storage';

export interface CalculatorMemory {
  /** The dispatch to hand the controls: it remembers the action, so an automatic change can be explained. */
  dispatch: Dispatch<CalculatorAction>;
  /** A draft was restored and the notice is showing. */
  restored: boolean;
  dismissRestored: () => void;
  /** The state now on screen is the reference (defaults, saved): no draft until the user changes it. */
  markClean: () => void;
  /**
   * Loads a saved configuration; unsaved edits of that same configuration, if the browser kept them and `withDraft`,
   * come back on top. True when they did.
   */
  load: (configuration: LoadedConfiguration, withDraft?: boolean) => boolean;
}

export function useCalculatorMemory(
  state: CalculatorState,
  rawDispatch: Dispatch<CalculatorAction>,
  ctx: CalculatorContext,
  userId: number | null,
  configId: number | null,
): CalculatorMemory {
  const lastAction = useRef<CalculatorAction | null>(null);
  const previous = useRef(state);
  const clean = useRef<string | null>(quoteFingerprint(state));
  const cleanPending = useRef(false);
  const [restored, setRestored] = useState(false);
  const triedRestore = useRef(false);
  const drafts = useDraftWriter();

  const dispatch = useCallback(
    (a: CalculatorAction) => {
      lastAction.current = a;
      rawDispatch(a);
    },
    [rawDispatch],
  );
  const markClean = useCallback(() => {
    cleanPending.current = true;
  }, []);

  // on arrival at a new quote (no id), bring back the draft of the last visit
  useEffect(() => {
    if (triedRestore.current || userId === null) return;
    triedRestore.current = true;
    // a draft never lands over choices the user has already made on this visit
    if (configId !== null || lastAction.current !== null) return;
    const draft = readDraft(userId);
    if (draft && quoteFingerprint(draft) !== clean.current) {
      dispatch({ type: 'restoreDraft', draft });
      setRestored(true);
    }
  }, [userId, configId, dispatch]);

  useEffect(() => {
    const before = previous.current;
    previous.current = state;
    if (cleanPending.current) {
      cleanPending.current = false;
      clean.current = quoteFingerprint(state);
      if (userId !== null) drafts.clear(userId);
      return;
    }
    if (before === state) return;
    const action = lastAction.current;
    if (action) {
      for (const a of droppedDiscountAnnouncements(before, state, action, ctx)) notify('info', a.title, a.description);
    }
    if (userId === null || !triedRestore.current) return;
    if (quoteFingerprint(state) === clean.current) drafts.clear(userId);
    else drafts.write(userId, state);
  }, [state, ctx, userId, drafts]);

  const load = useCallback(
    (configuration: LoadedConfiguration, withDraft = true) => {
      const loaded = calculatorReducer(previous.current, { type: 'loadConfiguration', configuration }, ctx);
      clean.current = quoteFingerprint(loaded);
      dispatch({ type: 'loadConfiguration', configuration });
      const draft = userId === null || !withDraft ? null : readDraft(userId);
      if (draft && draft.configId === configuration.id && quoteFingerprint(draft) !== clean.current) {
        dispatch({ type: 'restoreDraft', draft });
        setRestored(true);
        return true;
      }
      return false;
    },
    [ctx, dispatch, userId],
  );

  const dismissRestored = useCallback(() => setRestored(false), []);
  return useMemo(() => ({ dispatch, load, restored, dismissRestored, markClean }), [dispatch, load, restored, dismissRestored, markClean]);
}

/** How long a burst of typing may go without its draft written (the page leaving writes it at once). */
const DRAFT_DELAY_MS = 300;

/**
 * Writes the draft after a short pause instead of on every keystroke: a write to localStorage is synchronous and sat
 * on the path from keystroke to painted total. The pending draft is written when the page is hidden or left, and when
 * the calculator unmounts, so a reload or a closed tab keeps the last keystroke.
 */
function useDraftWriter(): { write: (userId: number, state: CalculatorState) => void; clear: (userId: number) => void } {
  const pending = useRef<{ userId: number; state: CalculatorState } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const writer = useMemo(() => {
    const flush = () => {
      if (timer.current !== null) clearTimeout(timer.current);
      timer.current = null;
      const p = pending.current;
      pending.current = null;
      if (p) writeDraft(p.userId, p.state);
    };
    return {
      flush,
      write(userId: number, state: CalculatorState) {
        pending.current = { userId, state };
        if (timer.current === null) timer.current = setTimeout(flush, DRAFT_DELAY_MS);
      },
      clear(userId: number) {
        pending.current = null;
        if (timer.current !== null) clearTimeout(timer.current);
        timer.current = null;
        clearDraft(userId);
      },
    };
  }, []);
  useEffect(() => {
    const onHide = () => document.visibilityState === 'hidden' && writer.flush();
    window.addEventListener('pagehide', writer.flush);
    document.addEventListener('visibilitychange', onHide);
    return () => {
      window.removeEventListener('pagehide', writer.flush);
      document.removeEventListener('visibilitychange', onHide);
      writer.flush();
    };
  }, [writer]);
  return writer;
}
