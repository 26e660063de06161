// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../test/render';
import { SaveDialog } from './SaveDialog';
import type { SaveEvent } from './save-dialog-state';

const configs = [
  { id: 5, name: 'Acme HQ' },
  { id: 9, name: 'Globex' },
];

function Host({
  currentConfigId,
  configurations,
  onSave,
}: {
  currentConfigId: number | null;
  configurations: typeof configs;
  onSave: (e: SaveEvent) => Promise<boolean>;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button onClick={() => setOpen(true)}>Open</button>
      <SaveDialog open={open} currentConfigId={currentConfigId} configurations={configurations} onClose={() => setOpen(false)} onSave={onSave} />
    </>
  );
}

async function setup(currentConfigId: number | null, configurations = configs, onSave = vi.fn(async (_e: SaveEvent) => true)) {
  const r = await renderUi(<Host currentConfigId={currentConfigId} configurations={configurations} onSave={onSave} />);
  const open = async () => {
    await r.user.click(screen.getByRole('button', { name: 'Open' }));
    return screen.findByRole('dialog', { name: 'Save Your Configuration' });
  };
  const nameField = () => screen.getByPlaceholderText('e.g., Client Name or Project') as HTMLInputElement;
  return { ...r, open, onSave, nameField };
}

describe('save dialog modes', () => {
  it('without a current configuration: new mode, empty name, "Save Configuration" disabled until a name is typed', async () => {
    const { user, open, onSave, nameField } = await setup(null);
    await open();
    expect(screen.getByText('Enter a name for this configuration to save it for future reference.')).toBeTruthy();
    expect((screen.getByRole('radio', { name: 'Save as new configuration' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByLabelText('Select Configuration')).toBeNull();
    expect(nameField().value).toBe('');
    const submit = screen.getByRole('button', { name: 'Save Configuration' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    await user.type(nameField(), '   ');
    expect(submit.disabled).toBe(true);
    await user.clear(nameField());
    await user.type(nameField(), ' New client ');
    await user.click(submit);
    expect(onSave).toHaveBeenCalledWith({ name: 'New client' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('with a current configuration: overwrite mode, that configuration chosen, its name prefilled', async () => {
    const { user, open, onSave, nameField } = await setup(9);
    await open();
    expect(screen.getByText('Choose a configuration to overwrite or enter a new name.')).toBeTruthy();
    const select = screen.getByLabelText('Select Configuration') as HTMLSelectElement;
    expect([select.value, nameField().value]).toEqual(['9', 'Globex']);
    await user.selectOptions(select, '5');
    expect(nameField().value).toBe('Acme HQ');
    await user.clear(nameField());
    await user.type(nameField(), 'Acme HQ v2');
    // another quote than the open one: asked first, with what happens said before it happens
    await user.click(screen.getByRole('button', { name: 'Update Configuration' }));
    expect(onSave).not.toHaveBeenCalled();
    expect(screen.getByTestId('save-warning').textContent).toBe(
      'This replaces “Acme HQ” with the quote on screen. The quote you opened stays as it is.',
    );
    await user.click(screen.getByRole('button', { name: 'Replace it' }));
    expect(onSave).toHaveBeenCalledWith({ name: 'Acme HQ v2', id: 5 });
  });

  it('switching to overwrite picks the first configuration; Cancel resets to new mode', async () => {
    const { user, open, nameField } = await setup(null);
    await open();
    await user.click(screen.getByText('Update existing configuration'));
    const select = screen.getByLabelText('Select Configuration') as HTMLSelectElement;
    expect([select.value, nameField().value]).toEqual(['5', 'Acme HQ']);
    expect((screen.getByRole('option', { name: 'Select a configuration to update' }) as HTMLOptionElement).value).toBe('');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await open();
    expect((screen.getByRole('radio', { name: 'Save as new configuration' }) as HTMLInputElement).checked).toBe(true);
    expect(nameField().value).toBe('');
  });

  it('with no saved configurations the save-option choice is disabled', async () => {
    const { open } = await setup(null, []);
    await open();
    expect((screen.getByRole('radio', { name: 'Update existing configuration' }) as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole('radio', { name: 'Save as new configuration' }) as HTMLInputElement).disabled).toBe(true);
  });
});

describe('blocking while saving', () => {
  it('shows "Saving...", blocks submit, Cancel and the options, then clears and closes', async () => {
    let finish!: (ok: boolean) => void;
    const onSave = vi.fn(() => new Promise<boolean>((resolve) => (finish = resolve)));
    const { user, open, nameField } = await setup(null, configs, onSave);
    await open();
    await user.type(nameField(), 'Acme{Enter}');
    const saving = await screen.findByRole('button', { name: 'Saving...' });
    expect((saving as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('radio', { name: 'Update existing configuration' }) as HTMLInputElement).disabled).toBe(true);
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog')).toBeTruthy();
    await user.click(saving);
    expect(onSave).toHaveBeenCalledTimes(1);
    finish(true);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await open();
    expect(nameField().value).toBe('');
  });

  it('a failed save re-enables the dialog with the name kept', async () => {
    const { user, open, nameField } = await setup(
      null,
      configs,
      vi.fn(async () => false),
    );
    await open();
    await user.type(nameField(), 'Acme');
    await user.click(screen.getByRole('button', { name: 'Save Configuration' }));
    await waitFor(() => expect((screen.getByRole('button', { name: 'Save Configuration' }) as HTMLButtonElement).disabled).toBe(false));
    expect(nameField().value).toBe('Acme');
  });
});
