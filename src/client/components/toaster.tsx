// The app's toasts (docs/PRODUCT.md "The calculator", "Pricing"). Screens call notify() / progressToast(); the toast machinery itself (Ark's
// toast store, dismiss layers, the view) is in toaster-view.tsx and loads with the first toast, so the first screen
// does not carry it. Toasts keep their order: each waits for the same loaded module.
import { lazy, Suspense, useSyncExternalStore } from 'react';
import type { ToastKind } from './toaster-view';

type ToasterModule = typeof import('./toaster-view');

let loading: Promise<ToasterModule> | null = null;
const listeners = new Set<() => void>();

function load(): Promise<ToasterModule> {
  if (!loading) {
    loading = import('./toaster-view');
    for (const listener of listeners) listener();
  }
  return loading;
}

/** One call for every toast the screens show; `error` is the red one. The newest replaces the one showing. */
export function notify(kind: ToastKind, title: string, description?: string): void {
  void load().then((m) => m.show(kind, title, description));
}

/** A progress toast ("Saving price tier changes...") that becomes the success or error toast in place. */
export function progressToast(title: string): {
  success(title: string, description?: string): void;
  error(title: string, description?: string): void;
} {
  const handle = load().then((m) => m.showProgress(title));
  return {
    success: (t, d) => void handle.then((h) => h.success(t, d)),
    error: (t, d) => void handle.then((h) => h.error(t, d)),
  };
}

/** Removes every toast, if any was ever shown (tests start each case with none). */
export async function clearToasts(): Promise<void> {
  if (loading) (await loading).toaster.remove();
}

const ToasterView = lazy(() => load().then((m) => ({ default: m.ToasterView })));
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Mounted once by the providers; renders nothing until the first toast asks for the machinery. */
export function Toaster() {
  const started = useSyncExternalStore(
    subscribe,
    () => loading !== null,
    () => false,
  );
  return started ? (
    <Suspense fallback={null}>
      <ToasterView />
    </Suspense>
  ) : null;
}
