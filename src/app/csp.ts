/**
 * The Content-Security-Policy of the built app, shared by the preview server's header and the
 * page's <meta> tag. `'wasm-unsafe-eval'` is the one relaxation: tfjs's wasm backend needs it.
 */
export const contentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "worker-src 'self' blob:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
].join('; ');
