// What the customer's acceptance holds as evidence, for the owner and the admin: who, when, from where, the figures and
// the sentence they confirmed, and the fingerprint of the accepted snapshot (docs/API.md "The acceptance as evidence").
// Acceptances recorded before the evidence existed show what they have.
import { Box, Heading, Text } from '@chakra-ui/react';
import { formatAdminDateTime, formatEuro } from '../../lib/format';
import type { RouterOutputs } from '../../lib/trpc';
import { DefinitionList, DefinitionRow as Row } from '../DefinitionRows';

type Acceptance = NonNullable<RouterOutputs['configurations']['get']['acceptance']>;

export function AcceptanceEvidence({ a }: { a: Acceptance }) {
  const figures = a.totalMonthly !== undefined && a.setupFees !== undefined && a.tcv !== undefined;
  return (
    <Box borderWidth="1px" borderColor="green.muted" rounded="l2" p="4" data-testid="acceptance-evidence">
      <Heading as="h3" size="sm" color="green.fg" mb="2">
        Accepted by the customer
      </Heading>
      <DefinitionList labelWidth="9.5rem">
        <Row label="Accepted by">
          {a.name} ({a.email})
        </Row>
        <Row label="Date and time">{formatAdminDateTime(a.at)}</Row>
        <Row label="Revision">{a.revision}</Row>
        {figures && (
          <Row label="Figures accepted">
            {formatEuro(a.totalMonthly!)} per month · {formatEuro(a.setupFees!)} one-time · TCV {formatEuro(a.tcv!)}
          </Row>
        )}
        {a.statement && <Row label="Statement confirmed">“{a.statement}”</Row>}
        <Row label="Client address">{a.address}</Row>
        {a.fingerprint && (
          <Row label="Fingerprint (SHA-256)">
            <Text as="span" fontFamily="mono" textStyle="xs" overflowWrap="anywhere">
              {a.fingerprint}
            </Text>
          </Row>
        )}
      </DefinitionList>
    </Box>
  );
}
