// The admin area's public face: the three routed pages. Everything under features/admin is one lazy chunk.
export { AdminLoginPage } from './AdminLoginPage';
export { AdminDashboardPage } from './AdminDashboardPage';
export { AdminUsersPage } from './AdminUsersPage';
