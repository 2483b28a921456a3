/**
 * A host whose port is closed (its page is gone) ends its run's loop, frees its engine and posts
 * nothing more: the loop would otherwise train a million epochs for no one. `close()` resolves
 * only once the run has ended, so a loop that went on would time this test out.
 */
import { readFileSync } from 'node:fs';
import * as tf from '@tensorflow/tfjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTrainHost } from './trainHost';
import type { FromWorker } from './trainProtocol';

beforeAll(async () => {
  await tf.setBackend('cpu');
});

const xor = JSON.parse(readFileSync(new URL('../io/examples/xor.json', import.meta.url), 'utf8'));
const settings = { engine: 'typed' as const, batchSize: 4, epochs: 1_000_000 };

function host() {
  const posted: FromWorker[] = [];
  const waiting: { type: FromWorker['type']; resolve: () => void }[] = [];
  const h = createTrainHost((m) => {
    posted.push(m);
    for (const w of waiting.splice(0)) {
      if (w.type === m.type) w.resolve();
      else waiting.push(w);
    }
  });
  const next = (type: FromWorker['type']) => new Promise<void>((resolve) => waiting.push({ type, resolve }));
  return { h, posted, next };
}

describe('a host whose port is closed', () => {
  it('ends a running loop on tfjs, frees its tensors and posts nothing more', async () => {
    const before = tf.memory().numTensors;
    const { h, posted, next } = host();
    h({ type: 'start', request: { document: xor, settings: { ...settings, engine: 'tfjs' }, backend: 'cpu' } });
    await next('snapshot');
    await h.close();
    expect(tf.memory().numTensors).toBe(before);
    const count = posted.length;
    h({ type: 'ping' });
    h({ type: 'weights', id: 1 });
    expect(posted.length).toBe(count);
    expect(posted.map((m) => m.type)).not.toContain('done');
  });

  it('ends a paused loop', async () => {
    const { h, next } = host();
    h({ type: 'start', request: { document: xor, settings, paused: true } });
    await next('status');
    await h.close();
  });

  it('never starts a run closed while it was still loading, and says nothing of it', async () => {
    const { h, posted } = host();
    h({ type: 'start', request: { document: xor, settings } });
    await h.close();
    expect(posted).toEqual([]);
  });
});
