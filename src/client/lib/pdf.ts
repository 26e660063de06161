// The quote as a PDF: a saved quote from its stored snapshot, an unsaved one priced
// on the server from the form. Both answer application/pdf with Content-Disposition: attachment, or a JSON error.
import type { QuoteFormInput } from '../../shared/pricing/types';
import { fetchOrOffline } from './errors';
import { saveBlob } from './save-file';

/** A saved configuration's PDF; a plain link with `download` works because the session cookie is same-origin. */
export function configurationPdfUrl(id: number): string {
  return `/api/configurations/${id}/pdf`;
}

function fileNameOf(res: Response, fallback: string): string {
  const cd = res.headers.get('content-disposition') ?? '';
  const star = /filename\*=UTF-8''([^;]+)/i.exec(cd);
  if (star?.[1]) return decodeURIComponent(star[1]);
  const plain = /filename="?([^";]+)"?/i.exec(cd);
  return plain?.[1] ?? fallback;
}

async function saveResponse(res: Response, fallback: string): Promise<void> {
  if (!res.ok) {
    let message = `${res.status}: ${res.statusText}`;
    try {
      const body = (await res.json()) as { message?: string };
      if (body.message) message = body.message;
    } catch {
      /* not JSON */
    }
    throw new Error(message);
  }
  saveBlob(await res.blob(), fileNameOf(res, fallback));
}

/** Downloads a saved configuration's PDF; throws with the server's message on failure. */
export async function downloadConfigurationPdf(id: number): Promise<void> {
  const res = await fetchOrOffline(configurationPdfUrl(id), { credentials: 'include' });
  await saveResponse(res, `quote-${id}.pdf`);
}

/** Downloads the PDF of an unsaved quote (the calculator's current form), priced on the server. */
export async function downloadQuotePdf(form: QuoteFormInput): Promise<void> {
  const res = await fetchOrOffline('/api/quote/pdf', {
    method: 'POST',
    credentials: 'include',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(form),
  });
  await saveResponse(res, 'quote.pdf');
}
