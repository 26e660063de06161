// The user table and its dialogs, shared by the Users tab and the standalone /admin/users page (docs/PRODUCT.md "The admin area"):
// Last Login and the reset-link action appear in the tab only.
import { Badge, Box, Button, HStack, IconButton, Table } from '@chakra-ui/react';
import { useState } from 'react';
import { LuKeyRound, LuPencil, LuUserPlus, LuUsers } from 'react-icons/lu';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { notify } from '../../../components/toaster';
import { errorMessage } from '../../../lib/errors';
import { formatAdminDate, formatAdminDateTime } from '../../../lib/format';
import { trpc } from '../../../lib/trpc';
import { EmptyBlock, QueryStates, SectionHeader, stickyActions } from '../shared/shell-ui';
import { ResetLinkDialog } from './ResetLinkDialog';
import { UserFormDialog, type AdminUser, type UserFormResult } from './UserFormDialog';
import { DataTable } from '../../../components/DataTable';
import { RemoveIconButton } from '../../../components/RemoveIconButton';

export function UsersManager({ variant }: { variant: 'tab' | 'page' }) {
  const inTab = variant === 'tab';
  const utils = trpc.useUtils();
  const users = trpc.admin.users.list.useQuery(undefined, { staleTime: 0 });
  const [form, setForm] = useState<{ user: AdminUser | null } | null>(null);
  const [deleting, setDeleting] = useState<AdminUser | null>(null);
  const [resetFor, setResetFor] = useState<AdminUser | null>(null);

  const refresh = () => utils.admin.users.list.invalidate();
  const create = trpc.admin.users.create.useMutation({
    onSuccess: async () => {
      notify('success', 'User created');
      setForm(null);
      await refresh();
    },
    onError: (err) => notify('error', `Failed to create user: ${errorMessage(err, 'Please try again.')}`),
  });
  const update = trpc.admin.users.update.useMutation({
    onSuccess: async () => {
      notify('success', 'User updated');
      setForm(null);
      await Promise.all([refresh(), utils.auth.invalidate()]);
    },
    onError: (err) => notify('error', `Failed to update user: ${errorMessage(err, 'Please try again.')}`),
  });
  const remove = trpc.admin.users.delete.useMutation({
    onSuccess: async () => {
      notify('success', 'User deleted');
      setDeleting(null);
      await refresh();
    },
    onError: (err) => {
      notify('error', `Failed to delete user: ${errorMessage(err, 'Please try again.')}`);
      setDeleting(null);
    },
  });

  function submit(result: UserFormResult) {
    if (result.mode === 'create') {
      create.mutate(result.values);
    } else if (Object.keys(result.changes).length === 0) {
      setForm(null); // nothing changed: nothing to send
    } else {
      update.mutate({ id: result.user.id, ...result.changes });
    }
  }

  return (
    <Box>
      <SectionHeader
        title="Users"
        description="Accounts that can sign in. Admins can open this dashboard."
        actions={
          <Button colorPalette="blue" size="sm" onClick={() => setForm({ user: null })}>
            <LuUserPlus /> Create User
          </Button>
        }
      />

      <QueryStates
        query={users}
        loading="Loading users..."
        failure="Failed to load users"
        isEmpty={(d) => d.length === 0}
        empty={<EmptyBlock icon={<LuUsers />} title="No users found" />}
      >
        {(d) => (
          <DataTable
            framed
            interactive
            minW={inTab ? '960px' : '820px'}
            head={
              <>
                <Table.ColumnHeader>Username</Table.ColumnHeader>
                <Table.ColumnHeader>Email</Table.ColumnHeader>
                <Table.ColumnHeader>Name</Table.ColumnHeader>
                <Table.ColumnHeader>Company</Table.ColumnHeader>
                <Table.ColumnHeader>Created</Table.ColumnHeader>
                {inTab && <Table.ColumnHeader>Last Login</Table.ColumnHeader>}
                <Table.ColumnHeader>Admin</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end" {...stickyActions(true)}>
                  Actions
                </Table.ColumnHeader>
              </>
            }
          >
            {d.map((u) => (
              <Table.Row key={u.id}>
                <Table.Cell fontWeight="medium" maxW="56" truncate title={u.username}>
                  {u.username}
                </Table.Cell>
                <Table.Cell maxW="56" truncate title={u.email}>
                  {u.email}
                </Table.Cell>
                <Table.Cell whiteSpace="nowrap">{`${u.firstname} ${u.lastname}`.trim() || '—'}</Table.Cell>
                <Table.Cell maxW="44" truncate title={u.companyName}>
                  {u.companyName || '—'}
                </Table.Cell>
                <Table.Cell whiteSpace="nowrap" fontVariantNumeric="tabular-nums">
                  {formatAdminDate(u.createdAt)}
                </Table.Cell>
                {inTab && (
                  <Table.Cell whiteSpace="nowrap" fontVariantNumeric="tabular-nums" color={u.lastLogin ? undefined : 'fg.muted'}>
                    {u.lastLogin ? formatAdminDateTime(u.lastLogin) : 'Never'}
                  </Table.Cell>
                )}
                <Table.Cell>
                  <Badge colorPalette={u.isAdmin ? 'purple' : 'gray'} variant="subtle">
                    {u.isAdmin ? 'Yes' : 'No'}
                  </Badge>
                </Table.Cell>
                <Table.Cell textAlign="end" {...stickyActions()}>
                  <HStack gap="0.5" justify="flex-end">
                    {inTab && (
                      <IconButton
                        size="xs"
                        variant="ghost"
                        aria-label={`Generate password reset link for ${u.username}`}
                        title="Generate password reset link"
                        onClick={() => setResetFor(u)}
                      >
                        <LuKeyRound />
                      </IconButton>
                    )}
                    <IconButton size="xs" variant="ghost" aria-label={`Edit ${u.username}`} title="Edit user" onClick={() => setForm({ user: u })}>
                      <LuPencil />
                    </IconButton>
                    <RemoveIconButton label={`Delete ${u.username}`} title="Delete user" onClick={() => setDeleting(u)} />
                  </HStack>
                </Table.Cell>
              </Table.Row>
            ))}
          </DataTable>
        )}
      </QueryStates>

      <UserFormDialog
        open={form !== null}
        user={form?.user ?? null}
        pending={create.isPending || update.isPending}
        onSubmit={submit}
        onClose={() => setForm(null)}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete user ${deleting?.username ?? ''}?`}
        description="The account, its sessions and its saved configurations are removed. This action cannot be undone."
        pending={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id })}
        onClose={() => setDeleting(null)}
      />
      {inTab && <ResetLinkDialog user={resetFor} onClose={() => setResetFor(null)} />}
    </Box>
  );
}
