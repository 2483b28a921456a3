/**
 * The options of `npm run class` (docs/class.md#operating), parsed with Node's own parseArgs;
 * a mistake comes back as a sentence to print above the usage.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';

export const USAGE = `Usage: npm run class -- [options]

Serves Lensboard and a live class to the local network (docs/class.md).

  --host H     the address to listen on (default 0.0.0.0: every interface; 127.0.0.1: this machine only)
  --port P     the port (default 8080; 0 picks a free one)
  --data DIR   the LevelDB folder the classes are kept in (default ./class-data)
  --dist DIR   the built app to serve (default the repository's dist/, made by npm run build)
  --help       this text`;

export interface ClassArgs {
  readonly host: string;
  readonly port: number;
  readonly data: string;
  readonly dist: string;
}

export type ParsedClassArgs =
  | { readonly ok: true; readonly args: ClassArgs }
  | { readonly ok: 'help' }
  | { readonly ok: false; readonly error: string };

export function parseClassArgs(argv: readonly string[], defaultDist: string): ParsedClassArgs {
  let values: Record<string, string | boolean | undefined>;
  try {
    values = parseArgs({
      args: [...argv],
      options: {
        host: { type: 'string', default: '0.0.0.0' },
        port: { type: 'string', default: '8080' },
        data: { type: 'string', default: 'class-data' },
        dist: { type: 'string', default: defaultDist },
        help: { type: 'boolean', default: false },
      },
      strict: true,
      allowPositionals: false,
    }).values;
  } catch (e) {
    return { ok: false, error: (e as Error).message };
  }
  if (values.help) return { ok: 'help' };
  const portText = String(values.port);
  const port = Number(portText);
  if (!/^\d+$/.test(portText) || port > 65535)
    return { ok: false, error: `--port must be an integer in [0, 65535], got '${portText}'` };
  const host = String(values.host);
  if (host.trim() === '') return { ok: false, error: '--host must name an address, got an empty one' };
  return { ok: true, args: { host, port, data: resolve(String(values.data)), dist: resolve(String(values.dist)) } };
}
