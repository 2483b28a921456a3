/**
 * Writes docs/generators.md from the generator registry (`npm run docs:generators`);
 * src/io/generatorReference.test.ts fails when the committed page differs from this output.
 */
import { writeFileSync } from 'node:fs';
import { generatorReference } from '../src/io/generatorReference';

const args = process.argv.slice(2);
if (args.includes('--help') || args.includes('-h')) {
  console.log('usage: npm run docs:generators\n\nWrites docs/generators.md from the generator registry.');
  process.exit(0);
}
if (args.length > 0) {
  console.error(`unknown argument '${args[0]}'\nusage: npm run docs:generators`);
  process.exit(2);
}
const path = new URL('../docs/generators.md', import.meta.url);
writeFileSync(path, generatorReference());
console.log(`wrote ${path.pathname}`);
