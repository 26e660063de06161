import { describe, expect, it } from 'vitest';
import {
  canSubmit,
  closedSaveDialog,
  descriptionText,
  isModeChoiceDisabled,
  overwriteWarnings,
  replacesAnother,
  saveDialogReducer as r,
  submitDecision,
  submitLabel,
  type SaveDialogState,
} from './save-dialog-state';

const configs = [
  { id: 5, name: 'Acme HQ' },
  { id: 9, name: 'Globex' },
];

describe('save dialog modes (docs/PRODUCT.md "The calculator")', () => {
  it('opens in overwrite mode with the current configuration selected and its name prefilled', () => {
    expect(r(closedSaveDialog, { type: 'open', currentConfigId: 9, configurations: configs })).toEqual({
      open: true,
      mode: 'overwrite',
      selectedId: 9,
      name: 'Globex',
      saving: false,
      currentId: 9,
      askingReplace: false,
    });
  });

  it('opens in new mode with an empty name when there is no (known) current configuration', () => {
    const dirty: SaveDialogState = { ...closedSaveDialog, name: 'left over', selectedId: 5 };
    for (const id of [null, 404]) {
      expect(r(dirty, { type: 'open', currentConfigId: id, configurations: configs })).toEqual({
        open: true,
        mode: 'new',
        selectedId: null,
        name: '',
        saving: false,
        currentId: null,
        askingReplace: false,
      });
    }
  });

  it('switching to overwrite with no selection picks the first configuration and prefills its name', () => {
    const s = r(r(closedSaveDialog, { type: 'open', currentConfigId: null, configurations: configs }), {
      type: 'setMode',
      mode: 'overwrite',
      configurations: configs,
    });
    expect(s).toMatchObject({ mode: 'overwrite', selectedId: 5, name: 'Acme HQ' });
  });

  it('choosing another configuration replaces the name', () => {
    const s = r(
      { ...closedSaveDialog, open: true, mode: 'overwrite', selectedId: 5, name: 'typed' },
      { type: 'select', id: 9, configurations: configs },
    );
    expect(s).toMatchObject({ selectedId: 9, name: 'Globex' });
  });

  it('cannot switch to overwrite when no configurations exist', () => {
    const s = r(closedSaveDialog, { type: 'open', currentConfigId: null, configurations: [] });
    expect(r(s, { type: 'setMode', mode: 'overwrite', configurations: [] })).toBe(s);
    expect(isModeChoiceDisabled(s, 0)).toBe(true);
    expect(isModeChoiceDisabled(s, 2)).toBe(false);
  });

  it('Cancel resets to new mode, clears name and selection, and closes', () => {
    const s: SaveDialogState = { ...closedSaveDialog, open: true, mode: 'overwrite', selectedId: 9, name: 'Globex' };
    expect(r(s, { type: 'cancel' })).toEqual(closedSaveDialog);
  });
});

describe('blocking while saving', () => {
  const saving: SaveDialogState = { ...closedSaveDialog, open: true, name: 'Acme', saving: true };

  it('ignores Cancel, mode switches, selection and typing while a save runs', () => {
    expect(r(saving, { type: 'cancel' })).toBe(saving);
    expect(r(saving, { type: 'setMode', mode: 'overwrite', configurations: configs })).toBe(saving);
    expect(r(saving, { type: 'select', id: 9, configurations: configs })).toBe(saving);
    expect(r(saving, { type: 'setName', name: 'x' })).toBe(saving);
    expect(isModeChoiceDisabled(saving, 2)).toBe(true);
    expect(canSubmit(saving)).toBe(false);
    expect(submitDecision(saving)).toBe('blocked');
    expect(submitLabel(saving)).toBe('Saving...');
  });

  it('a finished save clears the name and closes; a failed one stays open for another try', () => {
    expect(r(saving, { type: 'saveFinished', ok: true })).toEqual(closedSaveDialog);
    expect(r(saving, { type: 'saveFinished', ok: false })).toEqual({ ...saving, saving: false });
  });
});

describe('submit rules (docs/PRODUCT.md "The calculator")', () => {
  const open: SaveDialogState = { ...closedSaveDialog, open: true };

  it('a blank or whitespace name cannot be submitted', () => {
    expect(canSubmit(open)).toBe(false);
    expect(submitDecision({ ...open, name: '   ' })).toBe('blank');
  });

  it('new mode hands over only the (trimmed) name', () => {
    expect(canSubmit({ ...open, name: 'Acme' })).toBe(true);
    expect(submitDecision({ ...open, name: ' Acme ' })).toEqual({ name: 'Acme' });
  });

  it('overwrite mode needs a chosen configuration and hands over its id', () => {
    expect(canSubmit({ ...open, mode: 'overwrite', name: 'Acme' })).toBe(false);
    expect(submitDecision({ ...open, mode: 'overwrite', name: 'Acme' })).toBe('blocked');
    expect(submitDecision({ ...open, mode: 'overwrite', name: 'Acme 2', selectedId: 5, currentId: 5 })).toEqual({ name: 'Acme 2', id: 5 });
  });

  it('overwriting is the open quote by default; replacing another one is asked first', () => {
    const opened = r(closedSaveDialog, { type: 'open', currentConfigId: 9, configurations: configs });
    // back and forth between the modes comes back to the open quote, not the first in the list
    const back = r(r(opened, { type: 'setMode', mode: 'new', configurations: configs }), { type: 'select', id: 9, configurations: configs });
    expect(r({ ...back, selectedId: null }, { type: 'setMode', mode: 'overwrite', configurations: configs })).toMatchObject({
      selectedId: 9,
      name: 'Globex',
    });
    expect(submitDecision(opened)).toEqual({ name: 'Globex', id: 9 });

    const other = r(opened, { type: 'select', id: 5, configurations: configs });
    expect(replacesAnother(other)).toBe(true);
    expect(submitDecision(other)).toBe('confirm');
    const asked = r(other, { type: 'askReplace' });
    expect(submitLabel(asked)).toBe('Replace it');
    expect(submitDecision(asked)).toEqual({ name: 'Acme HQ', id: 5 });
    expect(overwriteWarnings(asked, configs)).toEqual(['This replaces “Acme HQ” with the quote on screen. The quote you opened stays as it is.']);
    const sent = [{ id: 5, name: 'Acme HQ', status: 'sent' }, configs[1]!];
    expect(overwriteWarnings(r(opened, { type: 'select', id: 5, configurations: sent }), sent)[0]).toMatch(
      /^“Acme HQ” was sent to the customer: updating its prices or options makes it a draft again/,
    );
    // choosing again asks again
    expect(submitDecision(r(asked, { type: 'select', id: 5, configurations: configs }))).toBe('confirm');
  });

  it('texts per mode', () => {
    expect(submitLabel(open)).toBe('Save Configuration');
    expect(submitLabel({ ...open, mode: 'overwrite' })).toBe('Update Configuration');
    expect(descriptionText('new')).toBe('Enter a name for this configuration to save it for future reference.');
    expect(descriptionText('overwrite')).toBe('Choose a configuration to overwrite or enter a new name.');
  });
});
