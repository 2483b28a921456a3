/**
 * A big document's JSON text made a slice at a time, the page's main thread given back between
 * slices, and made once per document: the autosave stores it and the compile worker is sent it
 * (a string is copied to IndexedDB or a worker in one cheap step, where the document's object
 * tree took seconds of cloning in one task for a model of thousands of boxes; docs/architecture.md,
 * "Opening a big file").
 */

/** Waits for the next task, so that input and rendering can run in between. */
export const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

/** How long one slice may run, in ms. */
export const SLICE_MS = 12;

/**
 * `JSON.stringify(doc)` exactly, for a plain object of plain values: its top-level fields in
 * order, each array's items one by one, `pause` awaited whenever a slice has run `sliceMs`.
 */
export async function stringifyInSlices(
  doc: object,
  pause: () => Promise<void> = nextTask,
  sliceMs = SLICE_MS,
  now: () => number = () => performance.now(),
): Promise<string> {
  const parts: string[] = [];
  let since = now();
  const breathe = async () => {
    if (now() - since < sliceMs) return;
    await pause();
    since = now();
  };
  for (const [key, value] of Object.entries(doc)) {
    const comma = parts.length > 0 ? ',' : '';
    if (!Array.isArray(value)) {
      const text = JSON.stringify(value);
      if (text !== undefined) parts.push(`${comma}${JSON.stringify(key)}:${text}`);
      continue;
    }
    parts.push(`${comma}${JSON.stringify(key)}:[`);
    for (let i = 0; i < value.length; i++) {
      parts.push(`${i > 0 ? ',' : ''}${JSON.stringify(value[i]) ?? 'null'}`);
      await breathe();
    }
    parts.push(']');
  }
  return `{${parts.join('')}}`;
}

const made = new WeakMap<object, Promise<string>>();

/** The document's JSON text in slices, made once however many ask for it. */
export function jsonTextOf(doc: object): Promise<string> {
  let text = made.get(doc);
  if (!text) {
    text = stringifyInSlices(doc);
    made.set(doc, text);
  }
  return text;
}
