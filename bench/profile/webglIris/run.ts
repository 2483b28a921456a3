/**
 * `npx tsx bench/profile/webglIris/run.ts '{"what":"trainer","epochs":1}' '{"what":"layers"}' …`:
 * runs each request (see IrisProfileRequest in page.ts) in turn in one Chromium page on webgl
 * (SwiftShader), so later requests find the shader programs earlier ones compiled; prints each
 * result. Start a new command for a cold first epoch.
 */
import { fileURLToPath } from 'node:url';
import { openProfilePage } from '../../shared/chromium';

const { page, close } = await openProfilePage(
  fileURLToPath(new URL('.', import.meta.url)),
  'lensboard-profile-webgl-iris',
  'profileIris',
);
try {
  for (const arg of process.argv.slice(2)) {
    const req = JSON.parse(arg);
    const r = await page.evaluate(
      (q) => (window as unknown as { profileIris: { run(q: unknown): Promise<unknown> } }).profileIris.run(q),
      req,
    );
    console.log(arg, JSON.stringify(r, null, 1));
  }
} finally {
  await close();
}
