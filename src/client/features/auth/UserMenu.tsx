// The header's user menu (docs/PRODUCT.md "The calculator"): only when signed in; avatar with the first two letters of the username,
// the username, Administrator / User, Profile Settings and Log out (→ /auth).
import { Avatar, Box, Button, Menu, Portal, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { LuChevronDown, LuKeyRound, LuLogOut, LuRefreshCw, LuUserCog } from 'react-icons/lu';
import { useLocation } from 'wouter';
import { notify } from '../../components/toaster';
import { errorMessage } from '../../lib/errors';
import { useCurrentUser } from '../../lib/session';
import { isSessionCheck, trpc } from '../../lib/trpc';
import { initialsOf, roleLabel } from './initials';
import { ProfileDialog } from './ProfileDialog';

// Loaded when first opened: the first screen's script does not carry it.
const ApiKeysDialog = lazy(() => import('./ApiKeysDialog'));

export function UserMenu() {
  const { user, isAdmin, me } = useCurrentUser();
  const [, navigate] = useLocation();
  const utils = trpc.useUtils();
  const queryClient = useQueryClient();
  const [profileOpen, setProfileOpen] = useState(false);
  const [keysOpen, setKeysOpen] = useState(false);
  const [keysLoaded, setKeysLoaded] = useState(false);
  const logout = trpc.auth.logout.useMutation({
    onSuccess: async () => {
      notify('success', 'Logged out successfully');
      // a check still on its way was asked before the logout: its "signed in" must not land after it
      await utils.auth.check.cancel();
      // signed out at once (so /auth does not bounce back to /); every other cached answer was this user's and is
      // dropped, not re-read: whoever signs in next on this browser never sees it, and nothing asks the server signed out
      utils.auth.check.setData(undefined, (old) => ({ authenticated: false, isAdmin: false, registration: old?.registration ?? 'open' }));
      navigate('/auth');
      queryClient.removeQueries({ predicate: (q) => !isSessionCheck(q.queryKey) });
    },
    onError: (err) => notify('error', 'Logout failed', errorMessage(err, 'Logout failed. Please try again.')),
  });

  // the session holds while the profile call failed (an outage): the menu stays, with a way to read it again
  if (!user && !me.isError) return null;
  const role = roleLabel(isAdmin || user?.isAdmin === true);
  const username = user?.username ?? 'Account';

  return (
    <>
      {/* onClick per item: Enter on a highlighted item clicks it too */}
      <Menu.Root positioning={{ placement: 'bottom-end' }}>
        <Menu.Trigger asChild>
          <Button variant="ghost" px="1.5" h="11" gap="2.5" flexShrink={0}>
            {/* named by what it shows (username, role) after "Account menu", which is all a phone shows of it */}
            <VisuallyHidden>Account menu</VisuallyHidden>
            <Avatar.Root size="sm" colorPalette="blue" variant="solid" aria-hidden>
              <Avatar.Fallback>{user ? initialsOf(user.username) : '?'}</Avatar.Fallback>
            </Avatar.Root>
            <Stack gap="0" align="flex-start" display={{ base: 'none', md: 'flex' }} maxW="48" textAlign="left">
              <Text fontSize="sm" fontWeight="semibold" lineHeight="short" truncate maxW="48">
                {username}
              </Text>
              <Text fontSize="xs" color="fg.muted" lineHeight="short">
                {role}
              </Text>
            </Stack>
            <Box as={LuChevronDown} color="fg.muted" display={{ base: 'none', md: 'block' }} aria-hidden />
          </Button>
        </Menu.Trigger>
        <Portal>
          <Menu.Positioner>
            <Menu.Content minW="60">
              <Box px="3" py="2">
                <Text fontSize="sm" fontWeight="semibold" truncate>
                  {username}
                </Text>
                <Text fontSize="xs" color="fg.muted">
                  {role}
                </Text>
              </Box>
              <Menu.Separator />
              {user ? (
                <>
                  <Menu.Item value="profile" onClick={() => setProfileOpen(true)}>
                    <LuUserCog aria-hidden />
                    Profile Settings
                  </Menu.Item>
                  <Menu.Item
                    value="api-keys"
                    onClick={() => {
                      setKeysLoaded(true);
                      setKeysOpen(true);
                    }}
                  >
                    <LuKeyRound aria-hidden />
                    API keys
                  </Menu.Item>
                </>
              ) : (
                <Menu.Item value="retry" onClick={() => void me.refetch()}>
                  <LuRefreshCw aria-hidden />
                  Retry loading your account
                </Menu.Item>
              )}
              <Menu.Item
                value="logout"
                onClick={() => logout.mutate()}
                color="fg.error"
                _hover={{ bg: 'bg.error', color: 'fg.error' }}
                disabled={logout.isPending}
              >
                <LuLogOut aria-hidden />
                Log out
              </Menu.Item>
            </Menu.Content>
          </Menu.Positioner>
        </Portal>
      </Menu.Root>
      {user && <ProfileDialog user={user} open={profileOpen} onClose={() => setProfileOpen(false)} />}
      {user && keysLoaded && (
        <Suspense fallback={null}>
          <ApiKeysDialog open={keysOpen} onClose={() => setKeysOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
