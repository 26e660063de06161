// The saved-quote lists (customer page and admin tab) filter by status on the server (docs/PRODUCT.md "Saved quotes").
import type { QuoteStatusFilter } from '../../shared/schemas/configuration';
import { OptionSelect } from './OptionSelect';
import { STATUS_FILTER_OPTIONS } from './quote-status';

export function StatusFilterSelect({ value, onChange }: { value: QuoteStatusFilter | ''; onChange: (v: QuoteStatusFilter | '') => void }) {
  return <OptionSelect label="Filter by status" value={value} options={STATUS_FILTER_OPTIONS} onChange={onChange} maxW={{ md: '44' }} />;
}
