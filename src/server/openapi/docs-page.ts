// GET /api/docs: Swagger UI (swagger-ui-dist) over /api/openapi.json. Its script and style come from the app itself
// (/docs-assets/, outside /api: static files like the client's /assets/), as the CSP allows no foreign or inline script.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);

/** The files /docs-assets/ serves, by name, with their content type. */
const ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
};

/** Starts Swagger UI on the page's own description (a file, not inline: the CSP refuses inline scripts). */
const INIT_SCRIPT = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#api', deepLinking: true, tryItOutEnabled: false });
});
`;

export const DOCS_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Quote Configurator API</title>
<link rel="stylesheet" href="/docs-assets/swagger-ui.css">
</head>
<body>
<div id="api"></div>
<script src="/docs-assets/swagger-ui-bundle.js"></script>
<script src="/docs-assets/init.js"></script>
</body>
</html>
`;

let folder: string | null | undefined;
function swaggerFolder(): string | null {
  if (folder === undefined) {
    try {
      folder = path.dirname(require.resolve('swagger-ui-dist/package.json'));
    } catch {
      folder = null;
    }
  }
  return folder;
}

interface DocsAsset {
  body: string | Uint8Array<ArrayBuffer>;
  type: string;
}

/** The assets read so far: each file is read once (the bundle is over a megabyte), not on every request for it. */
const read = new Map<string, DocsAsset>();

/** An asset of the reference page, or null when there is no such file. */
export function docsAsset(name: string): DocsAsset | null {
  if (name === 'init.js') return { body: INIT_SCRIPT, type: 'text/javascript; charset=utf-8' };
  const known = read.get(name);
  if (known) return known;
  const type = Object.hasOwn(ASSETS, name) ? ASSETS[name] : undefined;
  const dir = swaggerFolder();
  if (!type || !dir) return null;
  const asset = { body: new Uint8Array(fs.readFileSync(path.join(dir, name))), type };
  read.set(name, asset);
  return asset;
}
