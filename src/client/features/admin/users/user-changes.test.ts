import { describe, expect, it } from 'vitest';
import { editUserForm, createUserForm } from './user-form-schema';
import { changedUserFields, userFormDefaults } from './user-changes';

const ann = { username: 'ann', email: 'ann@example.com', firstname: 'Ann', lastname: 'Smith', companyName: 'Acme', isAdmin: false };

describe('Edit User sends only changed fields', () => {
  it('sends nothing when nothing changed (the password left blank)', () => {
    expect(changedUserFields(ann, userFormDefaults(ann))).toEqual({});
  });

  it('sends just the changed field, trimmed', () => {
    expect(changedUserFields(ann, { ...userFormDefaults(ann), companyName: '  Acme Europe ' })).toEqual({ companyName: 'Acme Europe' });
  });

  it('a value changed only by surrounding spaces is no change', () => {
    expect(changedUserFields(ann, { ...userFormDefaults(ann), firstname: ' Ann ' })).toEqual({});
  });

  it('sends the admin flag and a typed password', () => {
    expect(changedUserFields(ann, { ...userFormDefaults(ann), isAdmin: true, password: 'NewPass123' })).toEqual({
      isAdmin: true,
      password: 'NewPass123',
    });
  });

  it('sends several changes together', () => {
    expect(changedUserFields(ann, { ...userFormDefaults(ann), email: 'ann@acme.test', username: 'ann.smith' })).toEqual({
      email: 'ann@acme.test',
      username: 'ann.smith',
    });
  });
});

describe('the user forms', () => {
  it('create requires every field', () => {
    const r = createUserForm.safeParse(userFormDefaults());
    expect(r.success).toBe(false);
    const messages = r.error!.issues.map((i) => i.message);
    expect(messages).toContain('Username must be at least 3 characters');
    expect(messages).toContain('First name is required');
    expect(messages).toContain('Company name is required');
    expect(messages).toContain('Password must be at least 8 characters long');
  });

  it('edit accepts a blank password but not a weak one', () => {
    expect(editUserForm.safeParse(userFormDefaults(ann)).success).toBe(true);
    const weak = editUserForm.safeParse({ ...userFormDefaults(ann), password: 'short' });
    expect(weak.error?.issues[0]?.message).toBe('Password must be at least 8 characters long');
  });
});
