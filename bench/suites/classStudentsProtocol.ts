/**
 * What the class bench (./class.ts) and its simulated students' process (./classStudents.ts) say
 * to each other over the IPC channel: parent → `{ go: true }` for a stream; child → `{ ready }`
 * with each student's secret once all are connected, then `{ streamed }` after each stream.
 */

export interface Streamed {
  /** Reports sent, in all streams so far. */
  readonly sent: number;
  /** The last step written. */
  readonly step: number;
  /** CPU seconds (user + system) the students' process spent on this stream. */
  readonly cpuSeconds: number;
}

export type ToStudents = { readonly go: true };
export type FromStudents = { readonly ready: readonly string[] } | { readonly streamed: Streamed };

/** Now on the machine's clock, in ms: read alike by every process of the machine. */
export const machineNow = (): number => performance.timeOrigin + performance.now();
