/**
 * The worker protocol in Node: a TrainerClient wired to a trainHost through structuredClone
 * (what postMessage does), so every message is checked to be plain data. The XOR example
 * document trains to 100% accuracy this way, with pause, hyper-parameters and a trace on the way.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
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
