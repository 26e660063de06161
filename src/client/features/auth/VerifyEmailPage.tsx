// /verify-email?token= (docs/API.md "Email verification"): the link of the verification mail. The token is posted once
// when the page opens; the page then says the address is verified, with the way on to the calculator, or gives the
// server's reason (a used, expired or unknown link) with the way to a new one: mailed from here when signed in.
import { Button, Flex, Spinner, Text } from '@chakra-ui/react';
import { useEffect, useRef, type ReactNode } from 'react';
import { LuLink2Off, LuMailCheck } from 'react-icons/lu';
import { Link, useSearch } from 'wouter';
import { INVALID_VERIFICATION_LINK } from '../../../shared/schemas/auth';
import { IconCard } from '../../components/IconCard';
import { useResendVerification } from '../../components/use-resend-verification';
import { errorMessage } from '../../lib/errors';
import { usePageTitle } from '../../lib/page-title';
import { useCurrentUser, useSignedIn } from '../../lib/session';
import { trpc } from '../../lib/trpc';

function Panel({ icon, tone, title, children }: { icon: typeof LuMailCheck; tone: string; title: string; children: ReactNode }) {
  return (
    <IconCard look="start" icon={icon} tone={tone} title={title} headingAs="h1" maxW="md" mt={{ base: '4', md: '12' }}>
      {children}
    </IconCard>
  );
}

export function VerifyEmailPage() {
  usePageTitle('Verify Email');
  const token = new URLSearchParams(useSearch()).get('token')?.trim() ?? '';
  const utils = trpc.useUtils();
  const signedIn = useSignedIn();
  const { user } = useCurrentUser();
  const resend = useResendVerification();
  const verify = trpc.auth.verifyEmail.useMutation({
    // the account this browser is signed in to may be the one just verified: the Send dialog reads it again
    onSuccess: () => void utils.auth.me.invalidate(),
  });
  // A link works once: posted a single time, however often the page renders.
  const posted = useRef(false);
  const { mutate } = verify;
  useEffect(() => {
    if (token === '' || posted.current) return;
    posted.current = true;
    mutate({ token });
  }, [token, mutate]);

  if (verify.isSuccess) {
    return (
      <Panel icon={LuMailCheck} tone="green" title="Email address verified">
        <Text color="fg.muted">{verify.data.message} You can now send quotes to your customers from the app.</Text>
        <Button asChild colorPalette="blue" alignSelf="flex-start">
          <Link href="/">Go to the calculator</Link>
        </Button>
      </Panel>
    );
  }

  if (token === '' || verify.isError) {
    const reason = token === '' ? INVALID_VERIFICATION_LINK : errorMessage(verify.error, INVALID_VERIFICATION_LINK);
    // a link opened again by the account it already verified: the refusal, and that nothing is missing
    if (user?.emailVerified === true) {
      return (
        <Panel icon={LuMailCheck} tone="green" title="Email address already verified">
          <Text color="fg.muted" role="alert">
            {reason}
          </Text>
          <Text color="fg.muted">Your account’s address is verified: you can send quotes to your customers.</Text>
          <Button asChild colorPalette="blue" alignSelf="flex-start">
            <Link href="/">Go to the calculator</Link>
          </Button>
        </Panel>
      );
    }
    return (
      <Panel icon={LuLink2Off} tone="red" title="Email not verified">
        <Text color="fg.muted" role="alert">
          {reason}
        </Text>
        {signedIn ? (
          <Button colorPalette="blue" alignSelf="flex-start" loading={resend.isPending} onClick={() => resend.mutate()}>
            <LuMailCheck /> Mail me a new link
          </Button>
        ) : (
          <>
            <Text color="fg.muted" fontSize="sm">
              Sign in to mail yourself a new link.
            </Text>
            <Button asChild colorPalette="blue" alignSelf="flex-start">
              <Link href="/auth">Go to login</Link>
            </Button>
          </>
        )}
      </Panel>
    );
  }

  return (
    <Flex justify="center" py="16">
      <Spinner size="lg" color="blue.solid" aria-label="Verifying your email address" />
    </Flex>
  );
}
