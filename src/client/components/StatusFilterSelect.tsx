// The saved-quote lists (customer page and admin tab) filter by status on the server (docs/PRODUCT.md "Saved quotes").
import { useState } from 'react';
import type { QuoteStatusFilter } from '../../shared/value-sets';
import { OptionSelect } from './OptionSelect';
import { STATUS_FILTER_OPTIONS } from './quote-status';

export function StatusFilterSelect({ value, onChange }: { value: QuoteStatusFilter | ''; onChange: (v: QuoteStatusFilter | '') => void }) {
  return <OptionSelect label="Filter by status" value={value} options={STATUS_FILTER_OPTIONS} onChange={onChange} maxW={{ md: '44' }} />;
}

/** The filter's value; choosing another one also runs `toFirstPage` (the old page may not exist in the new list). */
export function useStatusFilter(toFirstPage: () => void) {
  const [status, setStatus] = useState<QuoteStatusFilter | ''>('');
  const filterBy = (v: QuoteStatusFilter | '') => {
    setStatus(v);
    toFirstPage();
  };
  return { status, filterBy };
}
