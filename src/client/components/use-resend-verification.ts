// "Mail the link again" (docs/API.md "Email verification"), the same in the Send dialog and on the verification page:
// a toast either way; beyond 5 an hour the server's 429 says when to try again.
import { errorMessage } from '../lib/errors';
import { trpc } from '../lib/trpc';
import { notify } from './toaster';

export function useResendVerification() {
  return trpc.auth.resendVerification.useMutation({
    onSuccess: (res) => notify('success', res.sent ? 'Verification link sent' : 'Already verified', res.message),
    onError: (err) => notify('error', 'The link could not be sent', errorMessage(err, 'Please try again in a few minutes.')),
  });
}
