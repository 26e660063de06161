import { Badge } from '@chakra-ui/react';
import type { QuoteStatus } from '../../shared/value-sets';
import { shownStatus, STATUS_LABEL, STATUS_PALETTE } from './quote-status';

/** Draft, Sent, Accepted, Declined or Expired, in one colour per status on every screen. */
export function QuoteStatusBadge({ quote }: { quote: { status: QuoteStatus; expired: boolean } }) {
  const s = shownStatus(quote);
  return (
    <Badge colorPalette={STATUS_PALETTE[s]} variant="subtle" data-testid="quote-status" flexShrink={0}>
      {STATUS_LABEL[s]}
    </Badge>
  );
}
