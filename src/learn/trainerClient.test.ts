/**
 * The worker protocol in Node: a TrainerClient wired to a trainHost through structuredClone
 * (what postMessage does, transfers included), so every message is checked to be plain data.
 * The XOR example document trains this way, with pause, hyper-parameters and a trace on the
 * way, to the weights the same run reaches in-process; an imported CSV reaches the worker in the
 * start request.
 */
import { readFileSync } from 'node:fs';
import * as tf from '@tensorflow/tfjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from '../data/csv';
import type { CsvBinding } from '../data/csvBinding';
import { inMemoryWorker } from '../testing/inMemoryWorker';
import { openSession } from './session';
import { TrainerClient, type WorkerLike } from './trainerClient';
import { keepSpareCopy, type ToWorker } from './trainProtocol';

const xor = JSON.parse(readFileSync(new URL('../io/examples/xor.json', import.meta.url), 'utf8'));

/** The XOR document trained by plain gradient descent at a rate that overflows in two steps. */
const exploding = {
  ...xor,
  boxes: xor.boxes.map((b: { generator: string }) =>
    b.generator === 'optimiser' ? { ...b, config: { kind: 'gd' } } : b,
  ),
};

beforeAll(async () => {
  await tf.setBackend('cpu');
});

describe('trainer client ⇄ worker host', () => {
  it('trains the XOR example document, steered by messages, as it trains in-process', async () => {
    const client = new TrainerClient(inMemoryWorker());
    const snapshots: number[] = [];
    client.on('snapshot', (m) => snapshots.push(m.snapshot.losses.length));
    const ready = client.next('ready');
    client.start({ document: xor, settings: { engine: 'typed' }, paused: true });
    const info = (await ready).ready;
    expect(info.term).toContain('tanh');
    expect(info.hypers.learningRate).toBeCloseTo(0.03);
    await new Promise((r) => setTimeout(r, 20));
    expect(snapshots).toEqual([]);
    client.setHypers({ learningRate: 0.05 });
    const trace = client.next('trace');
    client.trace();
    client.step();
    const traced = await trace;
    expect(traced.trace.buffers.length).toBeGreaterThan(10);
    client.resume();
    const { result, weights } = await client.next('done');
    expect(result.status).toBe('done');
    expect(result.train.accuracy).toBeGreaterThan(0.99);
    expect(snapshots.reduce((a, b) => a + b, 0)).toBe(result.steps);
    // Every step ran at the learning rate set before the first one: the run in-process with it
    // from the start ends on the same weights, bit for bit (a worker that lost or reordered a
    // control, or took a step before the new rate, would not).
    const { trainer } = await openSession({
      document: xor,
      settings: { engine: 'typed', optimiser: { learningRate: 0.05 } },
    });
    const direct = await trainer.run();
    expect(result.train).toEqual(direct.train);
    expect(weights.map((w) => w.values)).toEqual(trainer.weights().map((w) => Array.from(w)));
  });

  it('reports a document that does not compile', async () => {
    const client = new TrainerClient(inMemoryWorker());
    const error = client.next('error');
    client.start({ document: xor, dataset: { id: 'iris' } });
    expect((await error).message).toMatch(/cannot feed/);
  });

  it('stops on request', async () => {
    const client = new TrainerClient(inMemoryWorker());
    client.start({ document: xor, settings: { engine: 'typed', epochs: 100000 } });
    await client.next('epoch');
    client.stop();
    const { result } = await client.next('done');
    expect(result.status).toBe('stopped');
  });

  it('acknowledges a pause once every step before it is in the snapshots', async () => {
    // Catches the mutant "the host posts the status before the steps still waiting for a
    // snapshot" (trainHost.ts pending): the chart would lag the step counter at a pause.
    const client = new TrainerClient(inMemoryWorker());
    let inSnapshots = 0;
    client.on('snapshot', (m) => {
      inSnapshots += m.snapshot.losses.length;
    });
    const parkedFirst = client.next('status');
    client.start({ document: xor, settings: { engine: 'tfjs' }, paused: true });
    expect((await parkedFirst).status).toMatchObject({ status: 'paused', step: 0 });
    for (const k of [1, 2]) {
      const parked = client.next('status');
      client.step();
      const { status } = await parked;
      expect(status).toMatchObject({ status: 'paused', step: k });
      expect(inSnapshots).toBe(k);
    }
    client.stop();
    await client.next('done');
  });

  it("answers 'weights' after 'done', on tfjs too", async () => {
    // The bug: the host disposed the trainer and 'weights' threw "undefined is not iterable".
    const client = new TrainerClient(inMemoryWorker());
    client.start({ document: xor, settings: { engine: 'tfjs', epochs: 2 } });
    const done = await client.next('done');
    const reply = await client.weights();
    expect(reply.weights.map((w) => ({ name: w.name, shape: w.shape, values: Array.from(w.data) }))).toEqual(
      done.weights,
    );
    expect(reply.step).toBe(done.result.steps);
  });

  it('answers each reader its own weights: an older reply never answers a later request', async () => {
    // The bug: two readers asked at once (the wires mid-run, the plane after the run ended), and
    // the first reply — the weights before the last steps — answered both; the plane kept them.
    const asked: ToWorker[] = [];
    const worker: WorkerLike = { onmessage: null, postMessage: (m) => void asked.push(m) };
    const client = new TrainerClient(worker);
    const reply = (i: number, step: number) => {
      const m = asked[i];
      if (m.type !== 'weights') throw new Error(`request ${i} is ${m.type}`);
      worker.onmessage?.({ data: { type: 'weights', id: m.id, weights: [], dreamed: null, step } });
    };
    const wires = client.weights();
    const plane = client.weights();
    reply(0, 120);
    reply(1, 128);
    expect((await plane).step).toBe(128);
    expect((await wires).step).toBe(120);
    // Answered out of order too.
    const a = client.weights();
    const b = client.weights();
    reply(3, 256);
    reply(2, 250);
    expect([(await a).step, (await b).step]).toEqual([250, 256]);
  });

  it("moves the weights it sends while a run trains: 'weights' arrays arrive whole, and the run goes on", async () => {
    const client = new TrainerClient(inMemoryWorker());
    const steps: number[] = [];
    client.on('snapshot', (m) => steps.push(m.snapshot.latest.step));
    client.start({ document: xor, settings: { engine: 'typed', epochs: 100000 } });
    await client.next('snapshot');
    const reads = [];
    for (let i = 0; i < 3; i++) {
      reads.push(await client.weights());
    }
    for (const r of reads) {
      expect(r.dreamed).toBeNull();
      for (const w of r.weights) expect(w.data.length).toBe(w.shape.reduce((a, b) => a * b, 1));
    }
    expect(reads[2].step).toBeGreaterThanOrEqual(reads[0].step);
    const later = client.next('snapshot');
    const seen = steps.at(-1) ?? 0;
    expect((await later).snapshot.latest.step).toBeGreaterThan(seen);
    client.stop();
    const { result } = await client.next('done');
    expect(result.status).toBe('stopped');
  });

  it('stops on a NaN: the status names the box, and the weights are the last finite ones', async () => {
    const client = new TrainerClient(inMemoryWorker());
    const failed = new Promise((resolve) =>
      client.on('status', (m) => m.status.status === 'failed' && resolve(m.status.failure)),
    );
    client.start({ document: exploding, settings: { engine: 'typed', optimiser: { learningRate: 1e30 } } });
    const { result, weights } = await client.next('done');
    expect(result.status).toBe('failed');
    expect(await failed).toEqual(result.failure);
    const box = exploding.boxes.find((b: { id: string }) => b.id === result.failure?.box);
    expect(box).toBeDefined();
    expect(result.failure?.message).toContain(`'${box.label}' (${box.id})`);
    expect(weights.every((w) => w.values.every(Number.isFinite))).toBe(true);
  });
});

/** Points of the four XOR quadrants as a CSV file: x, y and a named class. */
function xorCsv(rows: number): string {
  const lines = ['x,y,quadrant'];
  for (let i = 0; i < rows; i++) {
    const x = ((i * 7) % 11) - 5 + 0.5;
    const y = ((i * 5) % 13) - 6 + 0.5;
    lines.push(`${x},${y},${x * y > 0 ? 'same sign' : 'opposite'}`);
  }
  return lines.join('\n');
}

describe('an imported CSV reaches the worker in the start request', () => {
  const { dataset } = parseCsv(xorCsv(60), { name: 'quadrants.csv' });
  const binding: CsvBinding = {
    name: 'quadrants.csv',
    key: 'test-quadrants',
    rows: dataset.n,
    features: ['x', 'y'],
    label: 'quadrant',
    labelKind: 'classes',
    classes: dataset.classes,
  };
  const csvDoc = { ...xor, dataset: { id: 'csv', options: binding } };

  it('transfers the rows (the page’s arrays are emptied, not copied) and trains on them', async () => {
    const data = { ...dataset, features: dataset.features.slice(), labels: dataset.labels.slice() };
    const client = new TrainerClient(inMemoryWorker());
    const ready = client.next('ready');
    client.start({ document: csvDoc, data, settings: { engine: 'typed', epochs: 150, batchSize: 8 } });
    expect(data.features.byteLength).toBe(0);
    expect(data.labels.byteLength).toBe(0);
    expect((await ready).ready.trainRows).toBe(60);
    const { result } = await client.next('done');
    expect(result.status).toBe('done');
    expect(result.train.accuracy).toBeGreaterThan(0.9);
  });

  it('moves a copy of the weights to resume from: the page keeps its own, whole', () => {
    const posted: { message: ToWorker; transfer: Transferable[] }[] = [];
    const worker: WorkerLike = {
      onmessage: null,
      postMessage: (message, transfer = []) => posted.push({ message, transfer }),
    };
    const shared = new Float32Array([1, 2, 3, 4, 5, 6]);
    const weights = [
      { name: 'W1', shape: [2, 2], group: 'model' as const, data: shared.subarray(0, 4) },
      { name: 'b1', shape: [2], group: 'model' as const, data: shared.subarray(4) },
    ];
    new TrainerClient(worker).start({ document: xor, resume: { weights, epochsDone: 1, stepsDone: 3 } });
    const [{ message, transfer }] = posted;
    if (message.type !== 'start' || !message.request.resume) throw new Error('no start with resume');
    const sent = message.request.resume.weights;
    // the page's arrays are untouched; each sent one is a copy in a buffer of its own, moved
    expect(shared.byteLength).toBe(24);
    expect(sent.map((w) => Array.from(w.data))).toEqual([
      [1, 2, 3, 4],
      [5, 6],
    ]);
    expect(transfer).toEqual(sent.map((w) => w.data.buffer));
    for (const w of sent) expect(w.data.buffer).not.toBe(shared.buffer);
    expect(sent.map((w) => w.data.byteLength)).toEqual([16, 8]);
    expect(message.request.resume).toMatchObject({ epochsDone: 1, stepsDone: 3 });
  });

  it('moves the spare copy made off the main thread at its weights’ first start only, and copies at the next', () => {
    const posted: Transferable[][] = [];
    const worker: WorkerLike = { onmessage: null, postMessage: (_, transfer = []) => posted.push(transfer) };
    const data = new Float32Array([1, 2, 3, 4]);
    const spare = data.slice();
    keepSpareCopy(data, spare);
    const weights = [{ name: 'W1', shape: [2, 2], group: 'model' as const, data }];
    const client = new TrainerClient(worker);
    // another document's weights opened after: their start copies, and leaves this spare alone
    const other = [{ name: 'W1', shape: [2, 2], group: 'model' as const, data: new Float32Array([9, 9, 9, 9]) }];
    client.start({ document: xor, resume: { weights: other, epochsDone: 0, stepsDone: 0 } });
    client.start({ document: xor, resume: { weights, epochsDone: 0, stepsDone: 0 } });
    client.start({ document: xor, resume: { weights, epochsDone: 0, stepsDone: 0 } });
    expect(posted[0]).toHaveLength(1);
    expect(posted[0][0]).not.toBe(spare.buffer);
    expect(posted[1]).toEqual([spare.buffer]);
    expect(posted[2]).toHaveLength(1);
    expect(posted[2][0]).not.toBe(spare.buffer);
    expect(posted[2][0]).not.toBe(data.buffer);
    expect(Array.from(data)).toEqual([1, 2, 3, 4]);
  });

  it('says where the rows are when a CSV-bound document comes without them', async () => {
    const client = new TrainerClient(inMemoryWorker());
    const error = client.next('error');
    client.start({ document: csvDoc, settings: { engine: 'typed' } });
    expect((await error).message).toMatch(/imported file: its rows are kept by the browser that imported it/);
  });

  it('refuses carried rows that do not fit the diagram, naming the shapes', async () => {
    const wide = parseCsv('a,b,c,quadrant\n1,2,3,p\n4,5,6,q\n').dataset;
    const client = new TrainerClient(inMemoryWorker());
    const error = client.next('error');
    client.start({ document: csvDoc, data: wide, settings: { engine: 'typed' } });
    expect((await error).message).toMatch(/ℝ\^3 cannot feed ℝ\^2/);
  });

  it('reports a dataset option out of range with its path, before loading anything', async () => {
    const client = new TrainerClient(inMemoryWorker());
    const error = client.next('error');
    client.start({ document: { ...xor, dataset: { id: 'xor', options: { n: 1e9 } } } });
    expect((await error).message).toBe('dataset.options.n = 1000000000 is out of range 1…100000');
  });
});
