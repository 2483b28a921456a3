/**
 * Typing one core generator box from the types arriving at its ports: unconnected inputs are
 * reported, open Para ports become learnt parameters (para.ts says their type), the core's
 * type rule gives the outputs, and its typed errors become errors on the box and port.
 */
import { ConfigError, GeneratorTypeError, LensboardError } from '../core/errors';
import type { WireType } from '../core/wire';
import { DEFAULT_INIT, InitSpecSchema } from '../kinds/initialisers';
import { paraRule } from '../kinds/para';
import { mismatch } from './errors';
import { coreConfig, type Node } from './graph';
import type { InferState } from './state';
import type { InitSpec } from './types';

export function inferCore(s: InferState, node: Node): void {
  const { box, gen, ports } = node;
  if (!gen || !ports) return;
  const named: Record<string, WireType | undefined> = {};
  const open: string[] = [];
  let ready = true;
  for (const p of ports.inputs) {
    const t = s.arriving(box.id, p.name);
    if (t === 'blocked') ready = false;
    else if (t !== 'missing') named[p.name] = t;
    else if (p.param) open.push(p.name);
    else {
      s.errors.add('unconnected-input', `input '${p.name}' of ${gen.id} '${box.id}' is not connected`, {
        box: box.id,
        port: p.name,
      });
      ready = false;
    }
  }
  if (!ready) return;
  const rule = paraRule(gen.id);
  let config: ReturnType<typeof coreConfig>;
  try {
    config = coreConfig(gen, box.config, rule?.infer?.(box.config, named) ?? {});
  } catch (e) {
    report(s, box.id, e);
    return;
  }
  s.configs.set(box.id, config);
  for (const port of open) {
    const t =
      rule?.paramType({ ...box.config, ...config }, named) ??
      `${gen.id} cannot size this parameter by itself; wire a parameter box into '${port}'`;
    if (typeof t === 'string') {
      s.errors.add('bad-config', t, { box: box.id, port });
      return;
    }
    const init = (owner: string) => initOf(s, owner, rule?.defaultInit);
    if (!checkInit(s, box.id, port) || !s.learn(box.id, port, t, init)) return;
    s.setType(box.id, port, t);
    named[port] = t;
  }
  try {
    const outs = gen.type(
      config,
      ports.inputs.map((p) => named[p.name] as WireType),
    );
    for (const [i, p] of ports.outputs.entries()) s.setType(box.id, p.name, outs[i]);
  } catch (e) {
    report(s, box.id, e);
  }
}

function report(s: InferState, box: string, e: unknown): void {
  if (e instanceof GeneratorTypeError && e.got) {
    s.errors.add('shape-mismatch', mismatch(e.got, e.expected), { box, port: e.port });
    return;
  }
  if (!(e instanceof LensboardError)) throw e;
  const port = e instanceof GeneratorTypeError ? e.port : undefined;
  s.errors.add(e instanceof ConfigError || !port ? 'bad-config' : 'shape-mismatch', e.message, { box, port });
}

function checkInit(s: InferState, box: string, port: string): boolean {
  const raw = s.graph.nodes.get(box)?.box.config.init;
  if (raw === undefined) return true;
  const parsed = InitSpecSchema.safeParse(raw);
  if (!parsed.success) s.errors.add('bad-config', `init: ${parsed.error.issues[0].message}`, { box, port });
  return parsed.success;
}

/** The owner's initialiser: a tied copy uses the one drawn on the box it is tied to. */
function initOf(s: InferState, owner: string, fallback: InitSpec = DEFAULT_INIT): InitSpec {
  const parsed = InitSpecSchema.safeParse(s.graph.nodes.get(owner)?.box.config.init);
  return parsed.success ? stripUndefined(parsed.data) : fallback;
}

const stripUndefined = <T extends object>(o: T): T =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
