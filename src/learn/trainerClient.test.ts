/**
 * The worker protocol in Node: a TrainerClient wired to a trainHost through structuredClone
 * (what postMessage does), so every message is checked to be plain data. The XOR example
 * document trains this way, with pause, hyper-parameters and a trace on the way, to the weights
 * the same run reaches in-process.
 */
import { readFileSync } from 'node:fs';
import * as tf from '@tensorflow/tfjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { openSession } from './session';
import { TrainerClient, type WorkerLike } from './trainerClient';
import { createTrainHost } from './trainHost';
import type { FromWorker, ToWorker } from './trainProtocol';

function inMemoryWorker(): WorkerLike {
  const worker: WorkerLike = {
    onmessage: null,
    postMessage: (m: ToWorker) => queueMicrotask(() => host(structuredClone(m))),
  };
  const host = createTrainHost((m: FromWorker) =>
    setTimeout(() => worker.onmessage?.({ data: structuredClone(m) }), 0),
  );
  return worker;
}

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
    client.start({ document: xor, settings: { engine: 'tfjs' } });
    client.pause();
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
    const asked = client.next('weights');
    client.weights();
    expect((await asked).weights).toEqual(done.weights);
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
