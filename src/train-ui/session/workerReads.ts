/**
 * What the page reads of the run in the training worker, for the views, the animation and
 * Export model: the run as a model file, its model with the current weights (the file read once
 * per worker, then only weights, moved as typed arrays), the next step's trace and its values,
 * the dream's input so far, and the tfjs tensors alive there (a leak check). Each answers null
 * (or refuses) when there is no run to read. The session (./trainSession) steers the run.
 */

import type { LensDocument } from '../../io/document';
import type { TraceValues } from '../../learn/traceSummary';
import type { TrainerClient } from '../../learn/trainerClient';
import type { FromWorker, SentWeights } from '../../learn/trainProtocol';
import type { LoadedModel } from '../../model/modelRuntime';
import type { SessionState } from './sessionState';

export class WorkerReads {
  /** The model file last read of a worker's run, which its weights are then read into (learnt). */
  private model: { client: TrainerClient; model: LoadedModel } | null = null;

  constructor(
    private readonly client: () => TrainerClient | null,
    private readonly state: () => SessionState,
    /** The run's document as drawn now, when it trains what the run trains (./trainedDocument.ts `drawn`). */
    private readonly drawn: () => LensDocument | null = () => null,
  ) {}

  /** The run's worker is gone: its model file is no use for the next. */
  forget(): void {
    this.model = null;
  }

  /** The run's client when it has a run to read (started, not failed to start, ready), else null. */
  private running(): TrainerClient | null {
    const client = this.client();
    const { phase, ready } = this.state();
    return client && phase !== 'starting' && phase !== 'error' && ready ? client : null;
  }

  /** The run as a model file's text, or null when there is no run to write. */
  async modelText(createdAt?: Date): Promise<string | null> {
    const client = this.running();
    return client ? client.model(createdAt) : null;
  }

  /**
   * The run as Export model saves it: text, or an archive's chunks for big weights; null with no
   * run. Its diagram is the one drawn now — boxes moved, renamed or grouped since the run started
   * are saved where they are — whenever it still trains what the run trains.
   */
  async modelFile(createdAt?: Date): Promise<{ text: string } | { chunks: readonly ArrayBuffer[] } | null> {
    const client = this.running();
    return client ? client.modelFile(createdAt, false, this.drawn() ?? undefined) : null;
  }

  /** The run as the archive's bytes, whatever its size (the run book keeps it so); null with no run. */
  async modelArchive(createdAt?: Date): Promise<ArrayBuffer | null> {
    const client = this.running();
    if (!client) return null;
    const file = await client.modelFile(createdAt, true);
    if (!('chunks' in file)) throw new Error('the training worker sent the JSON form, not the archive asked for');
    return new Blob([...file.chunks]).arrayBuffer();
  }

  /**
   * Every buffer of the next step the run takes (a paused run takes it when stepped), with the
   * document the run trains; a large trace comes summarised at `example`'s rows.
   */
  trace(example = 0): Promise<Omit<Extract<FromWorker, { type: 'trace' }>, 'type'>> | null {
    const client = this.client();
    if (!client) return null;
    const reply = client.next('trace');
    client.trace(example);
    return reply.then(({ type: _, ...traced }) => traced);
  }

  /** Of the last large trace: the full values of `open` and each batched buffer's row at `example`. */
  async traceValues(step: number, open: readonly number[], example: number): Promise<TraceValues> {
    const client = this.client();
    if (!client) throw new Error('there is no run to read the traced step from');
    const reply = await client.traceValues(step, open, example);
    if ('message' in reply) throw new Error(reply.message);
    return reply.values;
  }

  /** The input a dream has learnt so far (docs/dreaming.md); null with no run or when it learns weights only. */
  async dreamed(): Promise<SentWeights | null> {
    const client = this.client();
    if (!client || !this.state().ready) return null;
    return (await client.weights()).dreamed;
  }

  /** The run's model with its current weights (learntAt without the step). */
  async learnt(): Promise<LoadedModel | null> {
    return (await this.learntAt())?.model ?? null;
  }

  /**
   * The run's model with its current weights, to run in the page, and the step they are the
   * weights after (a view says which); null when there is no run to read. The run's model file
   * is read once per worker (its diagram and dataset do not change while it lives: an edit that
   * changes them starts another), then only its weights, moved as typed arrays: parsing the file
   * at each read was most of what the views cost a training page.
   */
  async learntAt(): Promise<{ readonly model: LoadedModel; readonly step: number } | null> {
    const client = this.running();
    if (!client) return null;
    // the model's runtime (its engines) loads with the first view that reads it, not with the page
    const { loadOpened, ModelFileError, withParameters } = await import('../../model/modelRuntime');
    if (this.model?.client !== client) {
      const { parseSavedModel } = await import('../../model/modelParse');
      // a model too big for the JSON form comes as an archive's chunks (docs/model-format.md)
      const parsed = await parseSavedModel(await client.modelFile());
      if (!parsed.ok) throw new ModelFileError(parsed.errors);
      const model = loadOpened(parsed.model, parsed.weights);
      if (this.client() === client) this.model = { client, model };
      // the file's steps are counted as the page counts them (learn/trainRun.ts)
      return { model, step: parsed.model.trainingConfig.stepsDone };
    }
    const base = this.model.model;
    const { weights, step } = await client.weights();
    return { model: withParameters(base, weights), step };
  }

  /** Tensors alive in the worker's tfjs (a leak check); null with no run or off tfjs. */
  async tensors(): Promise<number | null> {
    const client = this.client();
    return client && this.state().ready ? client.memory() : null;
  }
}
