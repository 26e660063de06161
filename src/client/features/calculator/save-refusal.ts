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

/** The toast's text: the seed's words, then the reason when there is one. */
export function saveFailureText(overwrite: boolean, refusal: SaveRefusal | null): string {
  const base = overwrite ? 'Failed to update configuration' : 'Failed to save configuration';
  return refusal ? `${base}: ${refusal.message}` : base;
}
