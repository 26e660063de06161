// The built client as a browser receives it: the Brotli or gzip copy the build wrote when the browser accepts one,
// the same bytes once decoded; assets cached for good (their names change with their content), the page checked
// every time; a missing asset is a 404, never the app's page.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressAssets } from '../../scripts/build.mjs';
import { createTestApp, type TestApp } from '../support/test-app';

describe('the client files', () => {
  let t: TestApp;
  const script = `export const rows = [${Array.from({ length: 400 }, (_, i) => `"row ${i}"`).join(',')}];\n`;
  const tiny = 'export const x = 1;\n';

  beforeAll(async () => {
    t = await createTestApp({ seed: false });
    const client = path.join(t.dir, 'client');
    fs.mkdirSync(path.join(client, 'assets'));
    fs.writeFileSync(path.join(client, 'assets', 'index-Ab12Cd.js'), script);
    fs.writeFileSync(path.join(client, 'assets', 'tiny-Ef34Gh.js'), tiny);
    await compressAssets(client);
  });
  afterAll(() => t.close());

  const get = (url: string, acceptEncoding?: string) =>
    t.app.request(url, { headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

  it('sends the Brotli copy to a browser that accepts it, and it decodes to the file', async () => {
    const res = await get('/assets/index-Ab12Cd.js', 'gzip, deflate, br, zstd');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(res.headers.get('vary')).toContain('Accept-Encoding');
    const body = Buffer.from(await res.arrayBuffer());
    expect(body.length).toBeLessThan(script.length / 3);
    expect(zlib.brotliDecompressSync(body).toString()).toBe(script);
  });

  it('sends gzip to a browser that accepts only gzip, and the file itself to one that accepts neither', async () => {
    const gz = await get('/assets/index-Ab12Cd.js', 'gzip');
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(zlib.gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(script);
    const plain = await get('/assets/index-Ab12Cd.js');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(script);
  });

  it('leaves a file under 1 KiB as it is', async () => {
    expect(fs.existsSync(path.join(t.dir, 'client', 'assets', 'tiny-Ef34Gh.js.br'))).toBe(false);
    const res = await get('/assets/tiny-Ef34Gh.js', 'br, gzip');
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(await res.text()).toBe(tiny);
  });

  it('lets the browser keep an asset for good, and has it check the page every time', async () => {
    expect((await get('/assets/index-Ab12Cd.js', 'br')).headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const page = await get('/', 'br');
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-cache');
    expect(await page.text()).toContain('<div id="root">');
    const route = await get('/calculator/12');
    expect(route.headers.get('cache-control')).toBe('no-cache');
  });

  it('answers 404 for an asset that is not there (after an upgrade), not the page', async () => {
    const res = await get('/assets/index-Old999.js', 'br');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  });
});
