// The saved-quote lists (customer page and admin tab) filter by status on the server (CONTRACT §6).
import { NativeSelect } from '@chakra-ui/react';
import type { QuoteStatusFilter } from '../../shared/schemas/configuration';
import { STATUS_FILTER_OPTIONS } from './quote-status';

export function StatusFilterSelect({ value, onChange }: { value: QuoteStatusFilter | ''; onChange: (v: QuoteStatusFilter | '') => void }) {
  return (
    <NativeSelect.Root size="sm" maxW={{ md: '44' }}>
      <NativeSelect.Field aria-label="Filter by status" value={value} onChange={(e) => onChange(e.currentTarget.value as QuoteStatusFilter | '')}>
        {STATUS_FILTER_OPTIONS.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
