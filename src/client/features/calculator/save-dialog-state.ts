// The save dialog's rules (seed 000 §4 "Save dialog modes", §5 "Save dialog"), pure and tested without a DOM.
export type SaveMode = 'new' | 'overwrite';

export interface SavedConfigurationRef {
  id: number;
  name: string;
}

export interface SaveDialogState {
  open: boolean;
  mode: SaveMode;
  selectedId: number | null;
  name: string;
  /** A save started from this dialog is running. */
  saving: boolean;
}

/**
 * What the dialog hands its caller: the name (and who the quote is for, until when) for a new save, the name and the
 * chosen id for an overwrite.
 */
export type SaveEvent = { name: string; quote?: Partial<Record<QuoteFieldName, string>> } | { name: string; id: number };
type QuoteFieldName = 'customerCompany' | 'customerName' | 'customerEmail' | 'validUntil';

export type SaveDialogAction =
  | { type: 'open'; currentConfigId: number | null; configurations: SavedConfigurationRef[] }
  | { type: 'setMode'; mode: SaveMode; configurations: SavedConfigurationRef[] }
  | { type: 'select'; id: number; configurations: SavedConfigurationRef[] }
  | { type: 'setName'; name: string }
  | { type: 'cancel' }
  | { type: 'saveStarted' }
  /** The save finished: on success the dialog clears its name and closes; on failure it stays for another try. */
  | { type: 'saveFinished'; ok: boolean };

export const closedSaveDialog: SaveDialogState = { open: false, mode: 'new', selectedId: null, name: '', saving: false };

export function saveDialogReducer(s: SaveDialogState, a: SaveDialogAction): SaveDialogState {
  switch (a.type) {
    case 'open': {
      if (s.saving) return { ...s, open: true };
      const current = a.configurations.find((c) => c.id === a.currentConfigId);
      return current
        ? { open: true, mode: 'overwrite', selectedId: current.id, name: current.name, saving: false }
        : { open: true, mode: 'new', selectedId: null, name: '', saving: false };
    }
    case 'setMode': {
      if (s.saving) return s;
      if (a.mode === 'overwrite') {
        if (a.configurations.length === 0) return s; // the overwrite option is disabled when none exist
        const selected = a.configurations.find((c) => c.id === s.selectedId);
        if (selected) return { ...s, mode: 'overwrite' };
        const first = a.configurations[0]!;
        return { ...s, mode: 'overwrite', selectedId: first.id, name: first.name };
      }
      return { ...s, mode: 'new' };
    }
    case 'select': {
      if (s.saving) return s;
      const c = a.configurations.find((x) => x.id === a.id);
      return c ? { ...s, selectedId: c.id, name: c.name } : s;
    }
    case 'setName':
      return s.saving ? s : { ...s, name: a.name };
    case 'cancel':
      return s.saving ? s : { ...closedSaveDialog };
    case 'saveStarted':
      return { ...s, saving: true };
    case 'saveFinished':
      return a.ok ? { ...closedSaveDialog } : { ...s, saving: false };
  }
}

export function isNameBlank(name: string): boolean {
  return name.trim() === '';
}

/** Seed 000 §5: disabled when the name is blank, a save is running, or overwriting with no configuration chosen. */
export function canSubmit(s: SaveDialogState): boolean {
  if (s.saving || isNameBlank(s.name)) return false;
  return s.mode === 'new' || s.selectedId !== null;
}

/** The save-option choice is disabled while saving or when no configurations exist. */
export function isModeChoiceDisabled(s: SaveDialogState, configurationCount: number): boolean {
  return s.saving || configurationCount === 0;
}

export function submitLabel(s: SaveDialogState): string {
  if (s.saving) return 'Saving...';
  return s.mode === 'overwrite' ? 'Update Configuration' : 'Save Configuration';
}

export function descriptionText(mode: SaveMode): string {
  return mode === 'overwrite'
    ? 'Choose a configuration to overwrite or enter a new name.'
    : 'Enter a name for this configuration to save it for future reference.';
}

/**
 * The submit decision: 'blank' (toast "Name required"), 'blocked' (a save runs, or no configuration chosen), or the
 * event for the caller (name trimmed).
 */
export function submitDecision(s: SaveDialogState): SaveEvent | 'blank' | 'blocked' {
  if (s.saving) return 'blocked';
  if (isNameBlank(s.name)) return 'blank';
  const name = s.name.trim();
  if (s.mode === 'overwrite') return s.selectedId === null ? 'blocked' : { name, id: s.selectedId };
  return { name };
}
