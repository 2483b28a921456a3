/**
 * What the worker does so that the page can survive its death: it answers a ping at once, run
 * or no run; it sends a copy of its weights at a pause (before the pause itself), at the end and
 * every second while it runs; and a finished run can go on parked, for a Step, in the same worker.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { inMemoryWorker } from '../testing/inMemoryWorker';
import { TrainerClient } from './trainerClient';
import type { FromWorker } from './trainProtocol';

const xor = JSON.parse(readFileSync(new URL('../io/examples/xor.json', import.meta.url), 'utf8'));
const settings = { engine: 'typed' as const, batchSize: 4 };

/** Every message type the client hears, in order. */
function heard(client: TrainerClient, types: FromWorker['type'][]): string[] {
  const seen: string[] = [];
  for (const t of types) client.on(t, () => seen.push(t));
  return seen;
}

describe('a worker the page can survive', () => {
  it('answers a ping before any run, and while one runs', async () => {
    const client = new TrainerClient(inMemoryWorker());
    const pong = client.next('pong');
    client.ping();
    await pong;
    client.start({ document: xor, settings: { ...settings, epochs: 100000 } });
    await client.next('snapshot');
    const again = client.next('pong');
    client.ping();
    await again;
    client.stop();
    await client.next('done');
  });

  it('sends its weights at a pause before the pause, and at the end before done', async () => {
    const client = new TrainerClient(inMemoryWorker());
    const seen = heard(client, ['kept', 'status', 'done']);
    const kept: number[] = [];
    client.on('kept', ({ resume }) => kept.push(resume.stepsDone));
    client.start({ document: xor, settings: { ...settings, epochs: 3 }, paused: true });
    await client.next('status'); // parked before its first step
    client.step();
    const paused = await client.next('status');
    expect(paused.status).toMatchObject({ status: 'paused', step: 1 });
    expect(kept.at(-1)).toBe(1);
    client.resume();
    const done = await client.next('done');
    expect(seen.slice(-3)).toEqual(['status', 'kept', 'done']);
    expect(kept.at(-1)).toBe(done.result.steps);
  });

  it('says it is busy before a traced step, which holds its thread', async () => {
    const client = new TrainerClient(inMemoryWorker());
    const seen = heard(client, ['busy', 'trace']);
    client.start({ document: xor, settings: { ...settings, epochs: 3 }, paused: true });
    await client.next('status');
    client.trace();
    client.step();
    await client.next('trace');
    expect(seen).toEqual(['busy', 'trace']);
    client.stop();
    await client.next('done');
  });

  it("goes on parked after a finished run ('continue' paused), one step at a time", async () => {
    const client = new TrainerClient(inMemoryWorker());
    client.start({ document: xor, settings: { ...settings, epochs: 1 } });
    const first = await client.next('done');
    client.continue(1, true);
    const parked = await client.next('status');
    expect(parked.status).toMatchObject({ status: 'paused', step: 0 });
    client.step();
    const stepped = await client.next('status');
    expect(stepped.status).toMatchObject({ status: 'paused', step: 1 });
    client.resume();
    const second = await client.next('done');
    expect(second.result.steps).toBe(2 * first.result.steps);
  });
});
