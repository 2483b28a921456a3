/**
 * The copies of its weights the worker sends the page in case it dies (trainRun.ts `keep`) cost
 * the worker nothing to keep: each is moved, not cloned, so the worker holds no second copy of a
 * big model (docs/training-panel.md, "A worker that dies"); and a run that starts from weights
 * the page holds (an opened model, a run going on) sends none before its first step.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ResumeFrom } from './session';
import { createTrainHost } from './trainHost';
import type { FromWorker, ToWorker } from './trainProtocol';

const xor = JSON.parse(readFileSync(new URL('../io/examples/xor.json', import.meta.url), 'utf8'));
const settings = { engine: 'typed' as const, batchSize: 4, epochs: 3 };

/** A host whose posts are recorded as sent (before any clone) with what they transferred. */
function recordedHost() {
  const sent: Sent[] = [];
  const waiting: { type: FromWorker['type']; resolve: (m: FromWorker) => void }[] = [];
  const handle = createTrainHost((message, transfer = []) => {
    // the page's side gets a clone, the transferred buffers moved, as postMessage does
    const arrived = structuredClone(message, { transfer });
    sent.push({ message, transfer, arrived });
    for (const w of waiting.filter((x) => x.type === arrived.type)) {
      waiting.splice(waiting.indexOf(w), 1);
      w.resolve(arrived);
    }
  });
  const next = <T extends FromWorker['type']>(type: T) =>
    new Promise<Extract<FromWorker, { type: T }>>((resolve) =>
      waiting.push({ type, resolve: resolve as (m: FromWorker) => void }),
    );
  const send = (m: ToWorker) => handle(m);
  return { sent, next, send };
}

type Sent = { message: FromWorker; transfer: Transferable[]; arrived: FromWorker };
const kept = (sent: readonly Sent[]) => sent.filter((s) => s.message.type === 'kept');

describe('the copies kept for the page', () => {
  it('are moved to the page: the worker keeps no second copy of its weights', async () => {
    const host = recordedHost();
    const first = host.next('kept');
    host.send({ type: 'start', request: { document: xor, settings, paused: true } });
    await first;
    const [copy] = kept(host.sent);
    const weights = (copy.message as { resume: ResumeFrom }).resume.weights;
    expect(weights.length).toBeGreaterThan(0);
    for (const w of weights) {
      expect(copy.transfer).toContain(w.data.buffer);
      expect(w.data.byteLength).toBe(0); // moved: nothing of it is left in the worker
    }
    host.send({ type: 'stop' });
  });

  it('are not sent before the first step of a run from weights the page holds, and are after it', async () => {
    const source = recordedHost();
    const ended = source.next('done');
    source.send({ type: 'start', request: { document: xor, settings: { ...settings, epochs: 1 } } });
    await ended;
    const last = kept(source.sent).at(-1);
    if (!last) throw new Error('the first run kept no copy');
    const { resume } = last.arrived as { resume: ResumeFrom };

    const host = recordedHost();
    const evaluated = host.next('evaluated');
    host.send({ type: 'start', request: { document: xor, settings, paused: true, evaluate: true, resume } });
    await evaluated;
    await new Promise((go) => setTimeout(go, 50));
    expect(kept(host.sent)).toEqual([]);
    const stepped = host.next('kept');
    host.send({ type: 'step' });
    expect((await stepped).resume.stepsDone).toBe(resume.stepsDone + 1);
    host.send({ type: 'stop' });
  });
});
