/**
 * Reading a deferred runner's steps back, against a fake device whose reads land when the test
 * says: every step is reported once, in step order, with its own rows; a read starts every
 * `readEvery` steps; no more than `maxUnread` steps run ahead of the last one reported; a read
 * that fails is thrown by `flush`.
 */
import { describe, expect, it } from 'vitest';
import type { Batch } from '../data/dataset';
import { ReadBack } from './readBack';
import type { DeferredSteps, RunOutputs } from './runners/types';

/** A device whose reads wait until `land` (or `fail`) is called, oldest first. */
function fakeDevice() {
  let pending: number[] = [];
  const reads: { steps: number[]; resolve: (o: RunOutputs[]) => void; reject: (e: Error) => void }[] = [];
  const deferred: DeferredSteps = {
    step: (rows: Batch) => {
      pending.push(rows.n);
    },
    get pending() {
      return pending.length;
    },
    read: () => {
      const steps = pending;
      pending = [];
      return new Promise<RunOutputs[]>((resolve, reject) => {
        reads.push({ steps, resolve, reject });
      });
    },
  };
  const land = () => {
    const r = reads.shift();
    if (!r) throw new Error('no read under way');
    r.resolve(r.steps.map((n) => ({ loss: [n], predictions: [] })));
  };
  const fail = () => reads.shift()?.reject(new Error('device lost'));
  return { deferred, reads, land, fail };
}

/** Step `n`'s rows: the step's number in `n`, so a report shows which step it is of. */
const rows = (n: number): Batch => ({ features: new Float32Array(0), labels: new Float32Array(0), n });
const settle = async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
};

function reader(readEvery: number, maxUnread: number) {
  const device = fakeDevice();
  const reported: [number, number][] = [];
  const rb = new ReadBack(device.deferred, (out, r) => reported.push([out.loss[0], r.n]), readEvery, maxUnread);
  return { ...device, rb, reported };
}

describe('reading steps back', () => {
  it('starts a read every readEvery steps, and reports each step in order with its rows', async () => {
    const { rb, reads, land, reported } = reader(2, 100);
    await rb.step(rows(1));
    expect(reads.length, 'one step waits').toBe(0);
    expect(rb.unread).toBe(1);
    await rb.step(rows(2));
    expect(reads.length, 'two steps: a read starts').toBe(1);
    expect(reads[0].steps).toEqual([1, 2]);
    await rb.step(rows(3));
    await rb.step(rows(4));
    expect(reads.map((r) => r.steps)).toEqual([
      [1, 2],
      [3, 4],
    ]);
    expect(rb.unread, 'steps in reads under way are unread too').toBe(4);
    land();
    await settle();
    expect(reported).toEqual([
      [1, 1],
      [2, 2],
    ]);
    expect(rb.unread).toBe(2);
    land();
    await settle();
    expect(reported.map(([, n]) => n)).toEqual([1, 2, 3, 4]);
    expect(rb.unread).toBe(0);
  });

  it('reports in step order even when a later read lands first', async () => {
    const { rb, reads, reported } = reader(1, 100);
    await rb.step(rows(1));
    await rb.step(rows(2));
    reads[1].resolve([{ loss: [2], predictions: [] }]);
    await settle();
    expect(reported, 'step 2 waits for step 1').toEqual([]);
    reads[0].resolve([{ loss: [1], predictions: [] }]);
    await settle();
    expect(reported).toEqual([
      [1, 1],
      [2, 2],
    ]);
  });

  it('waits on the oldest read once maxUnread steps are unreported, and not before', async () => {
    const { rb, reads, land, reported } = reader(100, 3);
    await rb.step(rows(1));
    await rb.step(rows(2));
    expect(reads.length, 'two of three: no read yet').toBe(0);
    let third = false;
    const stepping = rb.step(rows(3)).then(() => {
      third = true;
    });
    await settle();
    expect(reads.length, 'the third step starts a read of all three').toBe(1);
    expect(reads[0].steps).toEqual([1, 2, 3]);
    expect(third, 'and waits for it').toBe(false);
    land();
    await stepping;
    expect(third).toBe(true);
    expect(reported.map(([, n]) => n)).toEqual([1, 2, 3]);
    expect(rb.unread).toBe(0);
  });

  it('startIfIdle reads what waits only when no read is under way', async () => {
    const { rb, reads, land } = reader(100, 100);
    rb.startIfIdle();
    expect(reads.length, 'nothing waits: nothing is read').toBe(0);
    await rb.step(rows(1));
    rb.startIfIdle();
    expect(reads.length).toBe(1);
    await rb.step(rows(2));
    rb.startIfIdle();
    expect(reads.length, 'a read is under way: the yield does not wait on the device').toBe(1);
    land();
    await settle();
    rb.startIfIdle();
    expect(reads.length).toBe(1);
    expect(reads[0].steps).toEqual([2]);
  });

  it('flush reads every step so far and resolves once all are reported', async () => {
    const { rb, reads, land, reported } = reader(2, 100);
    await rb.step(rows(1));
    await rb.step(rows(2));
    await rb.step(rows(3));
    let flushed = false;
    const flushing = rb.flush().then(() => {
      flushed = true;
    });
    expect(reads.map((r) => r.steps)).toEqual([[1, 2], [3]]);
    land();
    await settle();
    expect(flushed, 'step 3 is still on its way').toBe(false);
    land();
    await flushing;
    expect(reported.map(([, n]) => n)).toEqual([1, 2, 3]);
  });

  it('flush throws a read that failed', async () => {
    const { rb, fail } = reader(1, 100);
    await rb.step(rows(1));
    const flushing = rb.flush();
    fail();
    await expect(flushing).rejects.toThrow('device lost');
    expect(rb.unread, 'the failed read is no longer under way').toBe(0);
  });
});
