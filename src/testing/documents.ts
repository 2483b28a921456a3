/**
 * Terse documents for the compiler's tests: `box('l1', 'linear', { out: 3 })`,
 * `wire('x.x', 'l1.x')` (the last dot splits box from port), `group('g1')`, `doc(boxes, wires)`.
 */
import {
  type BoxDoc,
  DOCUMENT_FORMAT,
  DOCUMENT_VERSION,
  type GroupDoc,
  type LensDocument,
  type WireDoc,
} from '../io/document';

export function box(
  id: string,
  generator: string,
  config: Record<string, unknown> = {},
  extra: Partial<BoxDoc> = {},
): BoxDoc {
  return { id, generator, config, position: { x: 0, y: 0 }, ...extra };
}

const ref = (s: string) => {
  const dot = s.lastIndexOf('.');
  return { box: s.slice(0, dot), port: s.slice(dot + 1) };
};

let counter = 0;
export function wire(from: string, to: string, id?: string): WireDoc {
  counter += 1;
  return {
    id: id ?? `w-${from}-${to}-${counter}`.replace(/[^A-Za-z0-9_.:-]/g, '_').slice(0, 64),
    from: ref(from),
    to: ref(to),
  };
}

/** A group with no ports at the origin, named by its id. */
export function group(id: string, extra: Partial<GroupDoc> = {}): GroupDoc {
  return { id, name: id, position: { x: 0, y: 0 }, inputs: [], outputs: [], ...extra };
}

export function doc(boxes: BoxDoc[], wires: WireDoc[], extra: Partial<LensDocument> = {}): LensDocument {
  return {
    format: DOCUMENT_FORMAT,
    version: DOCUMENT_VERSION,
    name: 'test',
    boxes,
    wires,
    groups: [] as GroupDoc[],
    ...extra,
  };
}

/** input ℝ^n → linear n→m → bias → sigmoid → output, with no dataset (the input's shape is configured). */
export function dense(n: number, m: number): LensDocument {
  return doc(
    [
      box('in', 'input', { shape: [n] }),
      box('lin', 'linear', { out: m }),
      box('b', 'bias'),
      box('act', 'sigmoid'),
      box('out', 'output'),
    ],
    [wire('in.x', 'lin.x', 'w1'), wire('lin.y', 'b.x', 'w2'), wire('b.y', 'act.x', 'w3'), wire('act.y', 'out.ŷ', 'w4')],
  );
}
