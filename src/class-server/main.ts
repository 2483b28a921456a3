/**
 * `npm run class -- [--host H] [--port P] [--data DIR] [--dist DIR]`: the class server
 * (docs/class.md). Prints the address to open and one line per class made and per refusal.
 * Exit codes: 0 stopped (and for --help), 2 a usage mistake, 1 anything else.
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseClassArgs, USAGE } from './args';
import { startClassServer } from './server';

const repoRoot = resolve(fileURLToPath(import.meta.url), '../../..');

async function main(): Promise<number | null> {
  const parsed = parseClassArgs(process.argv.slice(2), resolve(repoRoot, 'dist'));
  if (parsed.ok === 'help') {
    console.log(USAGE);
    return 0;
  }
  if (!parsed.ok) {
    console.error(`${parsed.error}\n\n${USAGE}`);
    return 2;
  }
  const o = parsed.args;
  const server = await startClassServer({ ...o, log: (line) => console.log(line) });
  const shown = o.host === '0.0.0.0' ? 'this machine’s address' : o.host;
  console.log(`class server on http://${shown}:${server.port} (data in ${o.data})`);
  const stop = () => {
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  return null;
}

main().then(
  (code) => {
    if (code !== null) process.exit(code);
  },
  (e: unknown) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  },
);
