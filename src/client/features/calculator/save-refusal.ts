// What a refused save tells the user: the server's own reason, and which field of the save dialog it concerns.
import { failureKind, inputIssuesOf } from '../../lib/errors';

export interface SaveRefusal {
  /** 'name': shown under the name field; 'form': shown above the dialog's buttons (the field is on the calculator). */
  field: 'name' | 'form';
  message: string;
}

/** null: no reason to give (the network or the server failed): the toast's general words say it all. */
export function saveRefusalOf(error: unknown): SaveRefusal | null {
  if (failureKind(error) !== 'refused') return null;
  const issue = inputIssuesOf(error)[0];
  if (issue) return { field: issue.path === 'name' ? 'name' : 'form', message: issue.message };
  const message = error instanceof Error ? error.message.trim() : '';
  return message ? { field: 'form', message } : null;
}

/**
 * The toast's text: the fixed words, then the reason: the server's refusal, or what failed when no answer came
 * (the connection, or the server itself), so an offline user knows the quote is not lost to a bad input.
 */
export function saveFailureText(overwrite: boolean, refusal: SaveRefusal | null, outage: string | null = null): string {
  const base = overwrite ? 'Failed to update configuration' : 'Failed to save configuration';
  const reason = refusal?.message ?? outage;
  return reason ? `${base}: ${reason}` : base;
}
