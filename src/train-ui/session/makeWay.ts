/**
 * While the user moves the canvas, the worker trains in short bursts so the gesture's frames get
 * the CPU (learn/pace.ts). The page tells it again every second: a make-way lasts 2 s in the
 * worker unless renewed, so one the page forgot to end runs out on its own.
 */
import type { TrainerClient } from '../../learn/trainerClient';

/** A make-way lasts 2 s in the worker (learn/pace.ts MAKE_WAY_MS) unless renewed: renewed twice as often. */
const RENEW_MS = 1000;

export class MakeWay {
  private renewing: ReturnType<typeof setInterval> | null = null;

  constructor(private readonly client: () => TrainerClient | null) {}

  /** On (for a run that is live) or off. */
  set(on: boolean, live: boolean): void {
    this.stop();
    const client = this.client();
    if (!on) {
      client?.makeWay(false);
      return;
    }
    if (!client || !live) return;
    client.makeWay(true);
    this.renewing = setInterval(() => this.client()?.makeWay(true), RENEW_MS);
  }

  /** Stops renewing (the worker goes, or the gesture ended). */
  stop(): void {
    if (this.renewing !== null) clearInterval(this.renewing);
    this.renewing = null;
  }
}
