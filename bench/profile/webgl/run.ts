/**
 * `npx tsx bench/profile/webgl/run.ts [784-128-10:1,2-16-16-1:32] [steps]`: per MLP row, how many
 * shader programs one training step runs on webgl (Chromium, SwiftShader) for tfjs-layers,
 * variableGrads and the compiled Program, by program class, and the ms per step. On SwiftShader a
 * program costs ~0.1 ms however small, so the count is most of a small step; unpacked programs
 * (`UnaryOpProgram`, `ReduceProgram`, `TileProgram`) between packed ones add Pack/Unpack passes.
 */
import { fileURLToPath } from 'node:url';
import { openProfilePage } from '../../shared/chromium';

const { page, close } = await openProfilePage(
  fileURLToPath(new URL('.', import.meta.url)),
  'lensboard-profile-webgl',
  'profileWebgl',
);
try {
  const rows = (process.argv[2] ?? '784-128-10:1,784-128-10:32').split(',');
  for (const row of rows) {
    const [mlp, b] = row.split(':');
    const req = { mlp, batch: Number(b ?? 1), steps: Number(process.argv[3] ?? 20) };
    const r = await page.evaluate(
      (q) => (window as unknown as { profileWebgl: { run(q: unknown): Promise<unknown> } }).profileWebgl.run(q),
      req,
    );
    console.log(`${mlp} b${req.batch}:`, JSON.stringify(r, null, 1));
  }
} finally {
  await close();
}
