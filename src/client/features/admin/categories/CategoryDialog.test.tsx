// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../../test/render';
import { CategoryDialog } from './CategoryDialog';

describe('category dialog', () => {
  it('refuses a blank name with the toast "Validation Error", then saves name, switch and the picked icon', async () => {
    const onSave = vi.fn();
    const { user } = await renderUi(<CategoryDialog open category={null} pending={false} onSave={onSave} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Add Category' }));
    const toast = await screen.findByTestId('toast');
    expect(toast.textContent).toContain('Validation Error');
    expect(toast.textContent).toContain('Category name is required');
    expect(onSave).not.toHaveBeenCalled();

    const picker = within(screen.getByTestId('icon-picker'));
    expect(picker.getAllByRole('button')).toHaveLength(30);
    expect(
      picker
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label'))
        .slice(0, 8),
    ).toEqual(['Building', 'House', 'Door', 'Chat', 'Phone', 'Mail', 'Announcements', 'Security']);
    await user.click(picker.getByRole('button', { name: 'Mail' }));
    expect(picker.getByRole('button', { name: 'Mail' }).getAttribute('aria-pressed')).toBe('true');
    expect(picker.getByRole('button', { name: 'Security' }).getAttribute('aria-pressed')).toBe('false');
    await user.type(within(dialog).getByLabelText('Category Name'), '  Communication ');
    await user.click(within(dialog).getByText('Allow multiple selections'));
    await user.click(within(dialog).getByRole('button', { name: 'Add Category' }));
    expect(onSave).toHaveBeenCalledWith({ name: 'Communication', allowsMultipleSelection: true, icon: 'envelope' });
  });

  it('edits an existing category with its values filled in', async () => {
    const onSave = vi.fn();
    const { user } = await renderUi(
      <CategoryDialog
        open
        category={{ id: 4, name: 'Support Plans', icon: 'people', allowsMultipleSelection: false }}
        pending={false}
        onSave={onSave}
        onClose={() => {}}
      />,
    );
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText<HTMLInputElement>('Category Name').value).toBe('Support Plans');
    expect(within(dialog).getByRole('button', { name: 'People' }).getAttribute('aria-pressed')).toBe('true');
    await user.click(within(dialog).getByRole('button', { name: 'People' })); // pressing the chosen icon clears it
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(onSave).toHaveBeenCalledWith({ name: 'Support Plans', allowsMultipleSelection: false, icon: null });
  });
});
