/**
 * CSV import from the page: runs parseCsv in a module worker, or inline where no Worker exists
 * (Node, tests, old browsers). The inline parser is imported only then, so papaparse stays out
 * of the page's bundle; a File is size-checked before it is even read into memory.
 */
import type { CsvImport, CsvOptions } from './csv';
import { CsvError, DEFAULT_MAX_BYTES, sizeLimitError } from './csvError';
import type { CsvRequest, CsvResponse } from './csvProtocol';

function askWorker(request: CsvRequest): Promise<CsvResponse> {
  const worker = new Worker(new URL('./csv.worker.ts', import.meta.url), { type: 'module' });
  return new Promise<CsvResponse>((resolve, reject) => {
    worker.onmessage = (event: MessageEvent<CsvResponse>) => resolve(event.data);
    worker.onerror = (event) => reject(new Error(`CSV worker failed: ${event.message}`));
    worker.postMessage(request);
  }).finally(() => worker.terminate());
}

async function answerInline(request: CsvRequest): Promise<CsvResponse> {
  const { answerCsvRequest } = await import('./csvProtocol');
  return answerCsvRequest(request);
}

/** The import, or the CsvError (with row and column) rebuilt from the worker's plain answer. */
export function unwrapCsvResponse(response: CsvResponse): CsvImport {
  if (!response.ok) throw CsvError.fromData(response.error);
  const { ok: _, ...result } = response;
  return result;
}

export async function importCsv(input: string | Blob, options: CsvOptions = {}): Promise<CsvImport> {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  if (typeof input !== 'string' && input.size > maxBytes) throw sizeLimitError(maxBytes);
  const text = typeof input === 'string' ? input : await input.text();
  const request: CsvRequest = { text, options };
  return unwrapCsvResponse(typeof Worker === 'undefined' ? await answerInline(request) : await askWorker(request));
}
