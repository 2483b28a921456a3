/**
 * The worker's side of the protocol, apart from the Worker global so that Node tests drive it
 * directly: it starts a run, routes the page's controls to its trainer, and answers requests.
 * What it posts about a run is in ./trainReports; what a run keeps (to go on, to be written as a
 * model file, to survive a lost GPU) is in ./trainRun.
 */
import { makeDataset } from '../data/dataset';
import { loseWebglContext, startBackend, tensorCount } from '../engines/backend';
import { SMALL, stepSize } from './enginePick';
import { datasetRecord } from './modelFile';
import type { StepTrace } from './runners/types';
import { openSession } from './session';
import { sendTrace, sentTransfer, traceValues } from './traceSummary';
import { traceTransfer } from './traceTransfer';
import { createTrainer, type TrainResult } from './trainer';
import { boxNamer } from './trainerFailure';
import { type StartRequest, type ToWorker, weightsTransfer } from './trainProtocol';
import { dreamed, named, type Post, ready, relay, sentWeights } from './trainReports';
import { engineOf, keep, keepCopies, modelFile, modelText, type Run } from './trainRun';

export type { Post };

/** Where the worker finds tfjs's wasm files (its bundler's URLs); a request may name others. */
export interface HostOptions {
  readonly wasmPaths?: Readonly<Record<string, string>>;
}

/** The tfjs backend a run on tfjs, or one that may pick tfjs ('auto'), starts in this worker. */
async function backendFor(request: StartRequest, options: HostOptions) {
  const engine = request.settings?.engine;
  if ((engine !== 'tfjs' && engine !== 'auto') || !request.backend) return null;
  if (request.backend === 'wasm') {
    const wasm = await import('@tensorflow/tfjs-backend-wasm');
    const paths = request.wasmPaths ?? options.wasmPaths;
    if (paths) wasm.setWasmPaths(paths as Record<string, string>);
  }
  return startBackend(request.backend);
}

/**
 * The tensors alive once nothing is under way: a paused run may still be checking a kept copy
 * of its weights (an asynchronous read on tfjs), which frees tensors when it ends. Read until
 * three reads 20 ms apart agree.
 */
async function settledCount(): Promise<number> {
  let last = -1;
  let same = 0;
  for (let i = 0; i < 50 && same < 3; i++) {
    await new Promise((r) => setTimeout(r, 20));
    const n = tensorCount();
    same = n === last ? same + 1 : 0;
    last = n;
  }
  return last;
}

/** Posts a traced step: whole and moved when small, else summarised, the step kept for later requests. */
function postTrace(r: Run, post: Post, step: number, trace: StepTrace, example: number): void {
  const program = r.trainer.learner.stepProgram;
  const sent = sendTrace(trace, program, example);
  const document = r.session.document;
  if (!sent.summarised) {
    r.held = undefined;
    post({ type: 'trace', step, trace: sent, document }, traceTransfer(trace, program.outputs));
    return;
  }
  r.held = { step, trace };
  post({ type: 'trace', step, trace: sent, document }, sentTransfer(sent));
}

function postValues(r: Run, post: Post, asked: Extract<ToWorker, { type: 'trace-values' }>): void {
  const { id, step } = asked;
  if (r.held?.step !== step) {
    post({ type: 'trace-values', id, message: `the worker no longer holds step ${step}: trace another step` });
    return;
  }
  const values = traceValues(r.held.trace, r.trainer.learner.stepProgram, asked.open, asked.example);
  post({ type: 'trace-values', id, values }, sentTransfer(values));
}

/** The host's side of a worker's port: messages in, and `close` once the page is gone. */
export type TrainHost = ((message: ToWorker) => void) & {
  /**
   * The port is closed (its page is gone): the run stops at its next step, or before its first
   * if it is still starting, and frees its engine; nothing more is posted or heard. Resolves once
   * the loop has ended.
   */
  close(): Promise<void>;
};

export function createTrainHost(portPost: Post, options: HostOptions = {}): TrainHost {
  let run: Run | null = null;
  let starting = false;
  let closed = false;
  /** Settles when the run under way (starting, training or going on) ends. */
  let running: Promise<void> = Promise.resolve();
  const post: Post = (message, transfer) => {
    if (!closed) portPost(message, transfer);
  };
  /** Controls sent while the dataset loads; replayed once the trainer exists. */
  let early: ToWorker[] = [];
  const fail = (e: unknown) => post({ type: 'error', message: e instanceof Error ? e.message : String(e) });

  async function go(r: Run, backend: Awaited<ReturnType<typeof backendFor>>, evaluate = false) {
    if (closed) return r.trainer.dispose();
    // Its pause's copy of the weights listens first: the page holds it before it hears of the pause.
    const unguard = keepCopies(r, post);
    const snapshots = relay(r.trainer, post);
    r.trainer.onBusy(() => post({ type: 'busy' }));
    r.trainer.onEpoch((m) => {
      r.lastEpoch = m;
    });
    r.trainer.onStep((m) => {
      r.stepsTaken = m.step;
    });
    post(ready(r.trainer, backend));
    if (evaluate) {
      const { trainer: t } = r;
      post({ type: 'evaluated', train: t.evaluate(t.train), test: t.test ? t.evaluate(t.test) : null });
    }
    run = r;
    for (const m of early) control(r, m);
    early = [];
    r.result = await r.trainer.run().finally(unguard);
    if (closed) return r.trainer.dispose();
    snapshots.post();
    keep(r, post);
    post({ type: 'done', result: r.result, weights: named(r.trainer) });
  }

  async function start(request: StartRequest) {
    // tfjs's runner is made with the trainer: its backend first. Auto only races tfjs for a
    // model big enough to try it (enginePick.ts), so a small one never waits for tfjs to start.
    const auto = request.settings?.engine === 'auto';
    let backend = auto ? null : await backendFor(request, options);
    // Carried rows replace loading the binding; makeDataset re-checks their shapes on arrival.
    const carried = request.data && makeDataset(request.data);
    const session = await openSession(request, carried ? async () => carried : undefined);
    const t = session.trainer;
    if (auto && stepSize(t.learner, t.settings.batchSize) >= SMALL) backend = await backendFor(request, options);
    if (request.paused) session.trainer.pause();
    const bound = request.dataset ?? session.document.dataset;
    const { dataset } = session;
    const binding = datasetRecord(dataset, { id: bound?.id ?? dataset.name, options: bound?.options });
    const before = { epochs: request.resume?.epochsDone ?? 0, steps: request.resume?.stepsDone ?? 0 };
    await go(
      {
        trainer: session.trainer,
        session,
        binding,
        before,
        result: null,
        lastEpoch: null,
        stepsTaken: 0,
        pageHasStart: request.resume !== undefined,
      },
      backend,
      request.evaluate === true,
    );
  }

  /** `epochs` more from where the ended run stopped: its weights, optimiser state and counts. */
  async function more(ended: Run, epochs: number, paused = false) {
    const old = ended.trainer;
    const done = ended.result as TrainResult;
    const t = createTrainer(
      old.learner.model,
      ended.session.dataset,
      { ...old.settings, epochs, engine: engineOf(old) },
      {
        boxName: boxNamer(ended.session.document.boxes),
        start: {
          params: old.weights(),
          state: old.optimiserState(),
          epochsDone: done.epochs,
          stepsDone: done.steps,
          ...(old.dreamed() ? { input: old.dreamed() as Float32Array } : {}),
        },
      },
    );
    t.setHypers(old.hypers());
    if (paused) t.pause();
    old.dispose();
    const before = { epochs: done.epochs, steps: done.steps };
    // the page kept the ended run's last copy: this run starts from it
    await go({ ...ended, trainer: t, before, result: null, lastEpoch: null, stepsTaken: 0, pageHasStart: true }, null);
  }

  function control(r: Run, message: ToWorker) {
    const trainer = r.trainer;
    switch (message.type) {
      case 'start':
        return fail(new Error('this worker is already training; start another worker'));
      case 'pause':
        return trainer.pause();
      case 'resume':
        return trainer.resume();
      case 'step':
        return trainer.stepOnce();
      case 'stop':
        return trainer.stop();
      case 'set-hypers':
        return trainer.setHypers(message.hypers);
      case 'make-way':
        return trainer.makeWay(message.on);
      case 'trace':
        // Numbered as the page counts steps: after those of the runs this one continues.
        trainer.traceNextStep().then(({ step, trace }) => {
          postTrace(r, post, r.before.steps + step, trace, message.example ?? 0);
        }, fail);
        return;
      case 'trace-values':
        return postValues(r, post, message);
      case 'weights': {
        const weights = sentWeights(trainer);
        const input = dreamed(trainer);
        const step = r.before.steps + r.stepsTaken;
        return post(
          { type: 'weights', id: message.id, weights, dreamed: input, step },
          weightsTransfer(weights, input),
        );
      }
      case 'model': {
        if (!message.archive) return post({ type: 'model', id: message.id, text: modelText(r, message.createdAt) });
        const file = modelFile(r, message.createdAt, message.archive === 'always', message.document);
        return 'text' in file
          ? post({ type: 'model', id: message.id, text: file.text })
          : post({ type: 'model', id: message.id, text: '', chunks: file.chunks }, file.chunks);
      }
      case 'ping':
        return; // answered before a run is looked at
      case 'lose-context':
        loseWebglContext();
        return;
      case 'memory':
        if (!r.trainer.engine.startsWith('tfjs')) return post({ type: 'memory', id: message.id, numTensors: null });
        settledCount().then((numTensors) => post({ type: 'memory', id: message.id, numTensors }), fail);
        return;
      case 'continue':
        if (!r.result) return fail(new Error('the run has not ended: pause or wait for it before training more'));
        // Controls sent from here on wait for the new trainer, as they wait for the first.
        run = null;
        running = more(r, message.epochs, message.paused === true).catch(fail);
        return;
    }
  }

  const host = (message: ToWorker) => {
    if (closed) return;
    // Answered at once, whatever the run is doing: the page takes a silent worker for dead.
    if (message.type === 'ping') return post({ type: 'pong' });
    if (message.type === 'start') {
      if (starting) return fail(new Error('this worker is already training; start another worker'));
      starting = true;
      running = start(message.request).catch(fail);
      return;
    }
    if (run) return control(run, message);
    if (message.type === 'make-way') return; // a hint for a running loop: none yet, nothing to slow
    if (!starting) return fail(new Error(`'${message.type}' before 'start'`));
    early.push(message);
  };
  host.close = async () => {
    closed = true;
    run?.trainer.stop();
    await running;
  };
  return host;
}
