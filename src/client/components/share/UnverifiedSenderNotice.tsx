// The Send dialog of an account that has not verified its address (docs/API.md "Email verification"): why it cannot
// send, and a way to mail the verification link again. Share links work meanwhile.
import { Alert, Button } from '@chakra-ui/react';
import { LuMailCheck } from 'react-icons/lu';
import { configurationMessages } from '../../../shared/schemas/configuration';
import { useResendVerification } from '../use-resend-verification';

export function UnverifiedSenderNotice({ email }: { email: string }) {
  const resend = useResendVerification();
  return (
    <Alert.Root status="warning" alignItems="flex-start" data-testid="send-unverified">
      <Alert.Indicator />
      <Alert.Content gap="2">
        <Alert.Title>{configurationMessages.sendUnverified}</Alert.Title>
        <Alert.Description overflowWrap="anywhere">
          Open the link in the verification mail sent to {email}, then send this quote. You can share its link meanwhile.
        </Alert.Description>
        <Button size="sm" variant="outline" alignSelf="flex-start" loading={resend.isPending} onClick={() => resend.mutate()}>
          <LuMailCheck /> Mail the link again
        </Button>
      </Alert.Content>
    </Alert.Root>
  );
}
