/**
 * Serves the built app (`dist/`) as it is: a path that leaves the folder or names nothing there
 * falls back to the app's page, so the page's own links (`/?class=…`) open it.
 */
import { createReadStream, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.csv': 'text/csv; charset=utf-8',
  '.bin': 'application/octet-stream',
  '.woff2': 'font/woff2',
};

function fileUnder(root: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  const path = normalize(join(root, decoded));
  if (path !== root && !path.startsWith(root.endsWith(sep) ? root : root + sep)) return null;
  try {
    return statSync(path).isFile() ? path : null;
  } catch {
    return null;
  }
}

export function serveStatic(root: string, req: IncomingMessage, res: ServerResponse): void {
  const urlPath = new URL(req.url ?? '/', 'http://class.invalid').pathname;
  const path = fileUnder(root, urlPath) ?? fileUnder(root, '/index.html');
  if (!path) {
    res.writeHead(404, { 'content-type': 'text/plain' }).end(`No built app in ${root}: run npm run build first.\n`);
    return;
  }
  res.writeHead(200, {
    'content-type': TYPES[extname(path)] ?? 'application/octet-stream',
    'x-content-type-options': 'nosniff',
  });
  createReadStream(path).pipe(res);
}
