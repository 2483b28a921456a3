/**
 * The Content-Security-Policy of the built app, shared by the preview server's header and the
 * page's <meta> tag. Everything comes from the app's own origin; beyond that it allows exactly:
 * - `script-src 'wasm-unsafe-eval'`: tfjs's wasm backend compiles its WebAssembly (without it
 *   `setBackend('wasm')` fails and tfjs stays on another backend). No JavaScript eval.
 * - `img-src blob:`: the picture dialog previews its SVG, and draws it for the PNG export,
 *   from a blob: URL of the SVG it made (editor/overlays/PictureDialog.tsx).
 * Nothing else: no `'unsafe-inline'` styles — React sets `style` properties through the CSSOM,
 *   which style-src does not govern, and a lesson's highlight is a constructed style sheet
 *   (classroom/useStyleSheet.ts); no `data:` images; no `blob:` workers — every worker is a file of
 *   the build, and tfjs's threaded wasm (which would make blob: workers) never runs without
 *   cross-origin isolation, which the app does not ask for. Downloads (a blob: link clicked) are
 *   navigations, not governed by img-src. e2e/smoke.spec.ts holds the app to this policy through
 *   a session that trains and exports a PNG.
 */
export const contentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self'",
  "img-src 'self' blob:",
  "worker-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
].join('; ');
