/**
 * Writes the CatGPT example documents from their one builder (src/io/examples/transformer.ts):
 *   npx tsx scripts/catgptExamples.ts && npx biome check --write src/io/examples
 * src/io/examples/transformer.test.ts fails while a file differs from what the builder draws.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CATGPT_FILES, catgptDocument } from '../src/io/examples/transformer';

for (const [file, config] of Object.entries(CATGPT_FILES)) {
  const path = join(import.meta.dirname, '..', 'src', 'io', 'examples', file);
  writeFileSync(path, `${JSON.stringify(catgptDocument(config), null, 2)}\n`);
  console.log(`wrote ${path}`);
}
