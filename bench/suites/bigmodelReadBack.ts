/**
 * The second half of suite `bigmodel` (bigmodel.ts), in a process of its own so that its peak
 * memory is the file's and not the trainer's: `<archive> <out folder>` opens the archive through
 * the CLI's door and exports it to PyTorch, ONNX (external data) and tfjs, as `npm run export`
 * does; it prints each stage's time and peak resident size as one line of JSON.
 */
import { join } from 'node:path';
import { writeOrRescue } from '../../src/cli/outputs';
import { readInput } from '../../src/cli/readInput';
import { exportGraph } from '../../src/export/graph';
import { exportTarget } from '../../src/export/targets';
import { type Stage, stage } from '../shared/stages';

async function main(path: string, out: string): Promise<void> {
  const stages: Stage[] = [];
  const opened = await stage(stages, 'open .lensboard (CLI door, fresh process)', () => readInput(path));
  if (opened.kind !== 'model') throw new Error(`the archive does not open: ${JSON.stringify(opened)}`);
  for (const [to, options] of [
    ['pytorch', {}],
    ['onnx', { externalDataAbove: 0 }],
    ['tfjs', {}],
  ] as const) {
    await stage(stages, `export ${to}${to === 'onnx' ? ' (external data)' : ''}`, () => {
      const files = exportTarget(to).write(exportGraph(opened.model, opened.weights), options);
      const written = writeOrRescue(join(out, to), files, `the ${to} package`);
      if (!written.ok) throw new Error(written.error);
    });
  }
  console.log(JSON.stringify(stages));
}

const [path, out] = process.argv.slice(2);
main(path, out).then(
  () => process.exit(0),
  (e: unknown) => {
    console.error(e instanceof Error ? (e.stack ?? e.message) : e);
    process.exit(1);
  },
);
