/**
 * The page's side of the preview worker: one worker for the panel's life, requests numbered so
 * that each answer finds its question. Where no Worker exists (Node) the answer is
 * computed inline, imported only then.
 */
import type { DatasetPreview } from './previewData';
import type { PreviewRequest, PreviewResponse } from './previewProtocol';

type Ask = ((request: PreviewRequest) => Promise<PreviewResponse>) & { terminate?: () => void };

function workerAsk(): Ask {
  const worker = new Worker(new URL('./preview.worker.ts', import.meta.url), { type: 'module' });
  const waiting = new Map<number, (r: PreviewResponse) => void>();
  worker.onmessage = (e: MessageEvent<PreviewResponse>) => {
    waiting.get(e.data.seq)?.(e.data);
    waiting.delete(e.data.seq);
  };
  worker.onerror = (e) => {
    for (const [seq, resolve] of waiting)
      resolve({ seq, ok: false, message: `the preview worker failed: ${e.message}` });
    waiting.clear();
  };
  const ask: Ask = (request) =>
    new Promise((resolve) => {
      waiting.set(request.seq, resolve);
      worker.postMessage(request);
    });
  ask.terminate = () => worker.terminate();
  return ask;
}

async function inlineAsk(): Promise<Ask> {
  const { previewAnswerer } = await import('./previewProtocol');
  return previewAnswerer();
}

export class PreviewClient {
  private seq = 0;
  private ask: Promise<Ask> | null = null;

  /** The preview of a catalog binding; rejects with the loader's message (a refused option…). */
  async preview(id: string, options: Readonly<Record<string, unknown>>): Promise<DatasetPreview> {
    this.ask ??= typeof Worker === 'undefined' ? inlineAsk() : Promise.resolve(workerAsk());
    const response = await (await this.ask)({ seq: ++this.seq, id, options });
    if (!response.ok) throw new Error(response.message);
    return response.preview;
  }

  dispose(): void {
    void this.ask?.then((ask) => ask.terminate?.());
    this.ask = null;
  }
}
