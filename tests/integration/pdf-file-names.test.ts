// A PDF's file name is cut between code points: an astral character at the cut is kept whole or left out, and such a
// quote downloads.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfContentDisposition } from '../../src/server/pdf/format';
import { smallSaveBody } from '../support/quote-forms';
import { appWithAdminAndUser, type TestApp, type TestClient } from '../support/test-app';

let t: TestApp;
let user: TestClient;

beforeAll(async () => ({ t, user } = await appWithAdminAndUser()));
afterAll(() => t.close());

describe('PDF file names', () => {
  it('are cut between code points: an astral character at the cut is kept whole or left out, never halved', () => {
    for (let pad = 55; pad <= 62; pad++) {
      const name = `${'a'.repeat(pad)}𝒜𝒜𝒜𝒜𝒜`;
      const { header } = pdfContentDisposition('Q-000001', name);
      expect(header, `pad ${pad}`).toMatch(/^attachment; filename="Q-000001-a+\.pdf"; filename\*=UTF-8''Q-000001-a+(%F0%9D%92%9C)*\.pdf$/);
    }
  });

  it('a saved quote named so downloads (200, not 500)', async () => {
    // The file is named by package and customer ("Advanced for …"): the customer's name puts an astral letter at the cut.
    const saved = await user.post('/api/configurations', smallSaveBody({ customerCompany: `${'b'.repeat(46)}𝒜𝒜` }));
    expect(saved.status).toBe(201);
    const pdf = await user.get(`/api/configurations/${saved.body.id}/pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-disposition')).toContain(`filename*=UTF-8''${saved.body.number}-advanced-for-${'b'.repeat(46)}%F0%9D%92%9C.pdf`);
  });
});
