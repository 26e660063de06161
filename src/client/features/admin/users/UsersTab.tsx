export function UsersTab() {
  return null;
}
