/**
 * `npm run conformance:build`: writes the conformance suite (conformance/README.md) into
 * conformance/ from the registry, the gallery and the optimisers, replacing its cases. The
 * suite's test fails when the committed folder differs from what this writes.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { buildSuite } from '../src/cli/conformance/suite';

const root = join(import.meta.dirname, '..', 'conformance');
const suite = buildSuite();
rmSync(join(root, 'cases'), { recursive: true, force: true });
let bytes = 0;
for (const [path, text] of suite.files) {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
  bytes += Buffer.byteLength(text);
}
console.log(
  `wrote ${suite.manifest.cases.length} cases, ${suite.files.size} files, ${(bytes / 1e6).toFixed(2)} MB to conformance/`,
);
