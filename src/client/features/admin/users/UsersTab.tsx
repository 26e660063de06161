import { UsersManager } from './UsersManager';

/** The dashboard's Users tab: with Last Login and the reset-link action. */
export function UsersTab() {
  return <UsersManager variant="tab" />;
}
