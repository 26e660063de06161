// The save dialog's rules (docs/PRODUCT.md "The calculator", Save), pure and tested without a DOM.
export type SaveMode = 'new' | 'overwrite';

export interface SavedConfigurationRef {
  id: number;
  name: string;
  /** A sent quote turns back into a draft when its pricing changes: the dialog says so before the update. */
  status?: string;
}

export interface SaveDialogState {
  open: boolean;
  mode: SaveMode;
  selectedId: number | null;
  name: string;
  /** A save started from this dialog is running. */
  saving: boolean;
  /** The quote open in the calculator: overwriting it is the default, replacing another one is asked first. */
  currentId: number | null;
  /** The user was asked whether to replace another quote than the open one; the next submit goes ahead. */
  askingReplace: boolean;
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
  /** Overwriting a quote other than the open one: the dialog asks before the save runs. */
  | { type: 'askReplace' }
  | { type: 'saveStarted' }
  /** The save finished: on success the dialog clears its name and closes; on failure it stays for another try. */
  | { type: 'saveFinished'; ok: boolean };

export const closedSaveDialog: SaveDialogState = {
  open: false,
  mode: 'new',
  selectedId: null,
  name: '',
  saving: false,
  currentId: null,
  askingReplace: false,
};

export function saveDialogReducer(s: SaveDialogState, a: SaveDialogAction): SaveDialogState {
  switch (a.type) {
    case 'open': {
      if (s.saving) return { ...s, open: true };
      const current = a.configurations.find((c) => c.id === a.currentConfigId);
      const base = { ...closedSaveDialog, open: true, currentId: current?.id ?? null };
      return current ? { ...base, mode: 'overwrite', selectedId: current.id, name: current.name } : base;
    }
    case 'setMode': {
      if (s.saving) return s;
      if (a.mode === 'overwrite') {
        if (a.configurations.length === 0) return s; // the overwrite option is disabled when none exist
        const selected = a.configurations.find((c) => c.id === s.selectedId);
        if (selected) return { ...s, mode: 'overwrite', askingReplace: false };
        // the open quote first: overwriting any other one is never the default
        const pick = a.configurations.find((c) => c.id === s.currentId) ?? a.configurations[0]!;
        return { ...s, mode: 'overwrite', selectedId: pick.id, name: pick.name, askingReplace: false };
      }
      return { ...s, mode: 'new', askingReplace: false };
    }
    case 'select': {
      if (s.saving) return s;
      const c = a.configurations.find((x) => x.id === a.id);
      return c ? { ...s, selectedId: c.id, name: c.name, askingReplace: false } : s;
    }
    case 'setName':
      return s.saving ? s : { ...s, name: a.name };
    case 'cancel':
      return s.saving ? s : { ...closedSaveDialog };
    case 'askReplace':
      return s.saving ? s : { ...s, askingReplace: true };
    case 'saveStarted':
      return { ...s, saving: true };
    case 'saveFinished':
      return a.ok ? { ...closedSaveDialog } : { ...s, saving: false };
  }
}

export function isNameBlank(name: string): boolean {
  return name.trim() === '';
}

/** docs/PRODUCT.md "The calculator": disabled when the name is blank, a save is running, or overwriting with no configuration chosen. */
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
  if (s.askingReplace) return 'Replace it';
  return s.mode === 'overwrite' ? 'Update Configuration' : 'Save Configuration';
}

/** Overwriting a saved quote that is not the one open in the calculator. */
export function replacesAnother(s: SaveDialogState): boolean {
  return s.mode === 'overwrite' && s.selectedId !== null && s.selectedId !== s.currentId;
}

export function descriptionText(mode: SaveMode): string {
  return mode === 'overwrite'
    ? 'Choose a configuration to overwrite or enter a new name.'
    : 'Enter a name for this configuration to save it for future reference.';
}

/**
 * The submit decision: 'blank' (toast "Name required"), 'blocked' (a save runs, or no configuration chosen),
 * 'confirm' (another quote than the open one would be replaced: ask first), or the event for the caller (name
 * trimmed).
 */
export function submitDecision(s: SaveDialogState): SaveEvent | 'blank' | 'blocked' | 'confirm' {
  if (s.saving) return 'blocked';
  if (isNameBlank(s.name)) return 'blank';
  const name = s.name.trim();
  if (s.mode === 'overwrite') {
    if (s.selectedId === null) return 'blocked';
    if (replacesAnother(s) && !s.askingReplace) return 'confirm';
    return { name, id: s.selectedId };
  }
  return { name };
}

/** What the dialog warns about before an update: replacing another quote than the open one, and a sent quote that
 * the update turns back into a draft. */
export function overwriteWarnings(s: SaveDialogState, configurations: SavedConfigurationRef[]): string[] {
  if (s.mode !== 'overwrite' || s.selectedId === null) return [];
  const chosen = configurations.find((c) => c.id === s.selectedId);
  if (!chosen) return [];
  const out: string[] = [];
  if (s.askingReplace) out.push(`This replaces “${chosen.name}” with the quote on screen. The quote you opened stays as it is.`);
  if (chosen.status === 'sent')
    out.push(
      `“${chosen.name}” was sent to the customer: updating its prices or options makes it a draft again, and the customer keeps the version they received until you share it again.`,
    );
  return out;
}
