/**
 * The text last generated ("Generate text", GenerateView.tsx) as token ids, for the attention
 * card to show the attention of the text being generated (docs/attention.md). It belongs to the
 * session it was generated in: kept with that session's serial, it is read only while that
 * session is shown.
 */
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';

interface Generated {
  /** The serial of the session shown when it was generated (useSessionSerial). */
  readonly serial: number | null;
  /** The prompt's and the written text's token ids. */
  readonly ids: readonly number[];
}

const generated = createStore<Generated>(() => ({ serial: null, ids: [] }));

export function keepGenerated(serial: number, ids: readonly number[]): void {
  generated.setState({ serial, ids });
}

const inSession =
  (serial: number) =>
  (g: Generated): readonly number[] | null =>
    g.serial === serial && g.ids.length > 0 ? g.ids : null;

/** The ids generated in the session of `serial`, or null when none were. */
export function generatedIn(serial: number): readonly number[] | null {
  return inSession(serial)(generated.getState());
}

/** `generatedIn` for a view: it draws again when text is generated. */
export function useGenerated(serial: number): readonly number[] | null {
  return useStore(generated, inSession(serial));
}
