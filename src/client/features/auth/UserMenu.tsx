/** Placeholder: the user menu (avatar, username, role, Profile Settings, Log out) is built with the account screens. */
export function UserMenu() {
  return null;
}
