import { describe, expect, it } from 'vitest';
import { adminLoginForm } from './shell-login-form';
import { ACCESS_TOASTS, dashboardAccess } from './shell-access';

describe("the dashboard's session check", () => {
  it('maps each answer to its way out', () => {
    expect(dashboardAccess({ isPending: true, isError: false })).toBe('checking');
    expect(dashboardAccess({ isPending: false, isError: true })).toBe('error');
    // a failed refetch keeps the old data: still an error
    expect(dashboardAccess({ isPending: false, isError: true, data: { authenticated: true, isAdmin: true } })).toBe('error');
    expect(dashboardAccess({ isPending: false, isError: false, data: { authenticated: false, isAdmin: false } })).toBe('unauthenticated');
    expect(dashboardAccess({ isPending: false, isError: false, data: { authenticated: true, isAdmin: false } })).toBe('denied');
    expect(dashboardAccess({ isPending: false, isError: false, data: { authenticated: true, isAdmin: true } })).toBe('granted');
  });

  it("uses the seed's toast texts", () => {
    expect(ACCESS_TOASTS.error).toEqual({ title: 'Authentication Error', description: 'An error occurred while checking your authentication' });
    expect(ACCESS_TOASTS.unauthenticated).toEqual({
      title: 'Authentication Required',
      description: 'You need to login to access the admin dashboard',
    });
    expect(ACCESS_TOASTS.denied).toEqual({ title: 'Access Denied', description: 'You need admin privileges to access this dashboard' });
  });
});

describe('the admin login form', () => {
  const first = (v: unknown, field: string) => adminLoginForm.safeParse(v).error?.issues.find((i) => i.path[0] === field)?.message;
  it("has the seed's messages", () => {
    expect(first({ username: '', password: '', remember: false }, 'username')).toBe('Email address is required');
    expect(first({ username: 'admin', password: 'x', remember: false }, 'username')).toBe('Please enter a valid email address');
    expect(first({ username: 'a@b.co', password: '', remember: false }, 'password')).toBe('Password is required');
    expect(adminLoginForm.safeParse({ username: ' admin@example.com ', password: 'x', remember: true }).data?.username).toBe('admin@example.com');
  });
});
