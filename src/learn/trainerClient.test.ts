/**
 * The worker protocol in Node: a TrainerClient wired to a trainHost through structuredClone
 * (what postMessage does, transfers included), so every message is checked to be plain data.
 * The XOR example document trains to 100% accuracy this way, with pause, hyper-parameters and a
 * trace on the way; an imported CSV reaches the worker in the start request.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseCsv } from '../data/csv';
import type { CsvBinding } from '../data/csvBinding';
import { TrainerClient, type WorkerLike } from './trainerClient';
import { createTrainHost } from './trainHost';
import type { FromWorker, ToWorker } from './trainProtocol';

function inMemoryWorker(): WorkerLike {
  const worker: WorkerLike = {
    onmessage: null,
    postMessage: (m: ToWorker, transfer: Transferable[] = []) => {
      const arrived = structuredClone(m, { transfer });
      queueMicrotask(() => host(arrived));
    },
  };
  const host = createTrainHost((m: FromWorker) =>
    setTimeout(() => worker.onmessage?.({ data: structuredClone(m) }), 0),
  );
  return worker;
}

const xor = JSON.parse(readFileSync(new URL('../io/examples/xor.json', import.meta.url), 'utf8'));

describe('trainer client ⇄ worker host', () => {
  it('trains the XOR example document to 100% accuracy, steered by messages', async () => {
    const client = new TrainerClient(inMemoryWorker());
    const snapshots: number[] = [];
    client.on('snapshot', (m) => snapshots.push(m.snapshot.losses.length));
    const ready = client.next('ready');
    client.start({ document: xor, settings: { engine: 'typed' } });
    client.pause(); // before the dataset has loaded: the run starts paused
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
    expect(result.train.accuracy).toBe(1);
    expect(weights.map((w) => w.name).length).toBe(4);
    expect(snapshots.reduce((a, b) => a + b, 0)).toBe(result.steps);
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
