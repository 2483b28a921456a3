/**
 * The document's schema (./document) on the io floor: a document that sets every field is read
 * back as written, what it leaves out gets its default, and each limit (an id's characters and
 * length, a name's length, each hyper-parameter's range with its open or closed ends, the
 * training settings' whole numbers) holds exactly at its edge and refuses one past it, at its
 * JSON path with its message.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { HYPER_NAMES } from '../kinds/hypers';
import { LEARNT_WIRES } from '../kinds/learntWires';
import { LOSS_KINDS } from '../kinds/losses';
import { OPTIMISER_KINDS } from '../kinds/optimisers';
import type * as DocumentModule from './document';
import { DOCUMENT_FORMAT, DOCUMENT_VERSION } from './document';
import { formatPath } from './untrusted';

type Json = Record<string, unknown>;

/**
 * Each test reads the schemas of a load of its own: lazySchema builds a schema on its first read,
 * so with one load shared by the file only the first test to read it would run the code that
 * builds it, and the rules the later tests check would never be checked as built.
 */
let loads = 0;
let DocumentSchema: typeof DocumentModule.DocumentSchema;
let hyperSchema: typeof DocumentModule.hyperSchema;
beforeEach(async () => {
  ({ DocumentSchema, hyperSchema } = (await import(
    /* @vite-ignore */ `./document?build-${++loads}`
  )) as typeof DocumentModule);
});

const x = (n: number) => 'x'.repeat(n);

const full = () => ({
  format: DOCUMENT_FORMAT,
  version: DOCUMENT_VERSION,
  name: 'Every field',
  boxes: [
    {
      id: 'Az09_.:-',
      generator: 'linear',
      config: { out: 3 },
      position: { x: -1.5, y: 2 },
      label: 'the first',
      parent: 'g1',
      tieKey: 'k1',
    },
    { id: 'b', generator: 'relu', config: {}, position: { x: 0, y: 0 } },
  ],
  wires: [{ id: 'w1', from: { box: 'Az09_.:-', port: 'y' }, to: { box: 'b', port: 'x' } }],
  groups: [
    {
      id: 'g1',
      name: 'Block',
      position: { x: 10, y: 20 },
      parent: 'g0',
      inputs: [{ name: 'in', box: 'Az09_.:-', port: 'x' }],
      outputs: [{ name: 'out', box: 'b', port: 'y' }],
      template: 't1',
      tiedTo: 'g2',
      tieKey: 'k2',
    },
  ],
  dataset: { id: 'iris', options: { split: 0.2 } },
  training: {
    loss: LOSS_KINDS[0],
    optimiser: { kind: 'adam', learningRate: 0.01, momentum: 0.9, beta1: 0.9, beta2: 0.999, epsilon: 1e-7 },
    batchSize: 16,
    epochs: 50,
    seed: 7,
    testFraction: 0.25,
    learn: 'both',
    dream: { target: 3, start: 'noise', steps: 10 },
  },
});

/** Each refusal as [path, message]; [] when the document is read. */
const refusals = (json: unknown) => {
  const r = DocumentSchema.safeParse(json);
  return r.success ? [] : r.error.issues.map((i) => [formatPath(i.path), i.message]);
};

/** The full document with one field changed: `at` is the path as a list of keys. */
function withField(at: (string | number)[], value: unknown): Json {
  const d = full() as unknown as Json;
  let o = d as Record<string | number, unknown>;
  for (const k of at.slice(0, -1)) o = o[k] as Record<string | number, unknown>;
  const last = at[at.length - 1];
  if (value === undefined) delete o[last];
  else o[last] = value;
  return d;
}

describe('DocumentSchema', () => {
  it('reads a document that sets every field as it is written', () => {
    expect(DocumentSchema.parse(full())).toEqual(full());
    for (const kind of OPTIMISER_KINDS)
      expect(refusals(withField(['training', 'optimiser', 'kind'], kind)), kind).toEqual([]);
    for (const loss of LOSS_KINDS) expect(refusals(withField(['training', 'loss'], loss)), loss).toEqual([]);
    for (const learn of LEARNT_WIRES) expect(refusals(withField(['training', 'learn'], learn)), learn).toEqual([]);
    expect(refusals(withField(['training', 'dream', 'start'], 'zeros'))).toEqual([]);
  });

  it('gives what a document leaves out its default', () => {
    const bare = {
      format: DOCUMENT_FORMAT,
      version: DOCUMENT_VERSION,
      boxes: [{ id: 'b', generator: 'relu', position: { x: 0, y: 0 } }],
      wires: [],
      dataset: { id: 'iris' },
      training: { optimiser: { kind: 'gd', learningRate: 0.1 }, dream: { target: 0 } },
    };
    expect(DocumentSchema.parse(bare)).toEqual({
      ...bare,
      name: 'Untitled',
      boxes: [{ id: 'b', generator: 'relu', config: {}, position: { x: 0, y: 0 } }],
      groups: [],
      dataset: { id: 'iris', options: {} },
      training: {
        optimiser: { kind: 'gd', learningRate: 0.1 },
        batchSize: 32,
        epochs: 100,
        seed: 1,
        testFraction: 0,
        dream: { target: 0, start: 'zeros', steps: 300 },
      },
    });
  });

  it('takes each limit exactly', () => {
    for (const [at, value] of [
      [['boxes', 1, 'id'], x(64)],
      [['boxes', 1, 'id'], 'b'],
      [['boxes', 1, 'generator'], x(80)],
      [['boxes', 1, 'generator'], 'g'],
      [['boxes', 0, 'label'], x(200)],
      [['boxes', 0, 'label'], ''],
      [['wires', 0, 'to', 'port'], x(64)],
      [['wires', 0, 'to', 'port'], 'p'],
      [['groups', 0, 'name'], x(120)],
      [['groups', 0, 'name'], 'G'],
      [['groups', 0, 'inputs', 0, 'name'], x(64)],
      [['groups', 0, 'inputs', 0, 'port'], x(64)],
      [['dataset', 'id'], x(64)],
      [['dataset', 'id'], 'd'],
      [['name'], x(200)],
      [['name'], ''],
      [['training', 'batchSize'], 1],
      [['training', 'batchSize'], 65536],
      [['training', 'epochs'], 1],
      [['training', 'epochs'], 100000],
      [['training', 'seed'], 0],
      [['training', 'seed'], 2 ** 31 - 1],
      [['training', 'testFraction'], 0],
      [['training', 'testFraction'], 0.99],
      [['training', 'dream', 'target'], 0],
      [['training', 'dream', 'target'], 65535],
      [['training', 'dream', 'steps'], 1],
      [['training', 'dream', 'steps'], 100000],
    ] as const)
      expect(refusals(withField([...at], value)), `${at.join('.')} ${value}`).toEqual([]);
  });

  it('refuses one past each limit, at its path', () => {
    const small = (n: number) => `Too small: expected string to have >=${n} characters`;
    const big = (n: number) => `Too big: expected string to have <=${n} characters`;
    const idChars = 'ids use letters, digits and _ . : - only';
    for (const [at, value, message] of [
      [['boxes', 1, 'id'], '', [small(1), idChars]],
      [['boxes', 1, 'id'], x(65), big(64)],
      [['boxes', 1, 'id'], 'a b', idChars],
      [['boxes', 1, 'id'], '!b', idChars],
      [['boxes', 1, 'id'], 'b!', idChars],
      [['boxes', 1, 'id'], 'b/c', idChars],
      [['boxes', 1, 'generator'], '', small(1)],
      [['boxes', 1, 'generator'], x(81), big(80)],
      [['boxes', 0, 'label'], x(201), big(200)],
      [['boxes', 0, 'parent'], 'g 1', idChars],
      [['boxes', 0, 'tieKey'], 'k#', idChars],
      [['boxes', 1, 'position', 'x'], Number.NaN, 'Invalid input: expected number, received NaN'],
      [['boxes', 1, 'position', 'y'], Number.POSITIVE_INFINITY, 'Invalid input: expected number, received Infinity'],
      [['wires', 0, 'id'], 'w 1', idChars],
      [['wires', 0, 'from', 'box'], 'a b', idChars],
      [['wires', 0, 'to', 'port'], '', small(1)],
      [['wires', 0, 'to', 'port'], x(65), big(64)],
      [['groups', 0, 'id'], '', [small(1), idChars]],
      [['groups', 0, 'name'], '', small(1)],
      [['groups', 0, 'name'], x(121), big(120)],
      [['groups', 0, 'parent'], '?', idChars],
      [['groups', 0, 'template'], '?', idChars],
      [['groups', 0, 'tiedTo'], '?', idChars],
      [['groups', 0, 'tieKey'], '?', idChars],
      [['groups', 0, 'inputs', 0, 'name'], '', small(1)],
      [['groups', 0, 'inputs', 0, 'name'], x(65), big(64)],
      [['groups', 0, 'outputs', 0, 'box'], '?', idChars],
      [['groups', 0, 'outputs', 0, 'port'], '', small(1)],
      [['groups', 0, 'outputs', 0, 'port'], x(65), big(64)],
      [['dataset', 'id'], '', small(1)],
      [['dataset', 'id'], x(65), big(64)],
      [['name'], x(201), big(200)],
      [['training', 'batchSize'], 0, 'Too small: expected number to be >=1'],
      [['training', 'batchSize'], 65537, 'Too big: expected number to be <=65536'],
      [['training', 'batchSize'], 1.5, 'Invalid input: expected int, received number'],
      [['training', 'epochs'], 0, 'Too small: expected number to be >=1'],
      [['training', 'epochs'], 100001, 'Too big: expected number to be <=100000'],
      [['training', 'seed'], -1, 'Too small: expected number to be >=0'],
      [['training', 'seed'], 2 ** 31, 'Too big: expected number to be <=2147483647'],
      [['training', 'testFraction'], -0.01, 'Too small: expected number to be >=0'],
      [['training', 'testFraction'], 1, 'Too big: expected number to be <1'],
      [['training', 'dream', 'target'], -1, 'Too small: expected number to be >=0'],
      [['training', 'dream', 'target'], 65536, 'Too big: expected number to be <=65535'],
      [['training', 'dream', 'steps'], 0, 'Too small: expected number to be >=1'],
      [['training', 'dream', 'steps'], 100001, 'Too big: expected number to be <=100000'],
      [['training', 'dream', 'start'], 'ones', 'Invalid option: expected one of "zeros"|"noise"'],
      [['training', 'learn'], 'bias', `Invalid option: expected one of ${LEARNT_WIRES.map((w) => `"${w}"`).join('|')}`],
      [
        ['training', 'optimiser', 'kind'],
        'lbfgs',
        `Invalid option: expected one of ${OPTIMISER_KINDS.map((k) => `"${k}"`).join('|')}`,
      ],
      [['training', 'optimiser', 'learningRate'], undefined, 'Invalid input: expected number, received undefined'],
      [['format'], 'lensboard-lesson', 'Invalid input: expected "lensboard-document"'],
      [['version'], 0, 'Invalid input: expected 1'],
    ] as const)
      expect(refusals(withField([...at], value)), `${at.join('.')} ${String(value)}`).toEqual(
        (typeof message === 'string' ? [message] : message).map((m) => [formatPath([...at]), m]),
      );
  });

  it('holds each hyper-parameter to its range, its open ends strict', () => {
    const check = (name: (typeof HYPER_NAMES)[number], v: number) => {
      const r = hyperSchema(name).safeParse(v);
      return r.success ? 'ok' : r.error.issues.map((i) => i.message).join('; ');
    };
    const table = Object.fromEntries(HYPER_NAMES.map((n) => [n, [-0.5, 0, 1e-9, 0.5, 1, 2].map((v) => check(n, v))]));
    const below = (n: number, strict: boolean) => `Too small: expected number to be ${strict ? '>' : '>='}${n}`;
    const above = (n: number, strict: boolean) => `Too big: expected number to be ${strict ? '<' : '<='}${n}`;
    expect(table).toEqual({
      learningRate: [below(0, true), below(0, true), 'ok', 'ok', 'ok', 'ok'],
      momentum: [below(0, false), 'ok', 'ok', 'ok', 'ok', above(1, false)],
      beta1: [below(0, false), 'ok', 'ok', 'ok', above(1, true), above(1, true)],
      beta2: [below(0, false), 'ok', 'ok', 'ok', above(1, true), above(1, true)],
      epsilon: [below(0, true), below(0, true), 'ok', 'ok', 'ok', 'ok'],
    });
    // in a document, each at its place in the optimiser's settings
    for (const name of HYPER_NAMES)
      expect(refusals(withField(['training', 'optimiser', name], -1)), name).toEqual([
        [`training.optimiser.${name}`, below(0, name === 'learningRate' || name === 'epsilon')],
      ]);
  });
});
