export function AdminUsersPage() {
  return null;
}
