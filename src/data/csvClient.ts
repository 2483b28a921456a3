/**
 * CSV import from the page: runs parseCsv in a module worker, or inline where no Worker exists
 * (Node, tests, old browsers). The inline parser is imported only then, so papaparse stays out
 * of the page's bundle; a File is size-checked before it is even read into memory.
 */
import type { CsvImport, CsvOptions } from './csv';
import { CsvError, DEFAULT_MAX_BYTES, sizeLimitError } from './csvError';
import type { CsvPeek } from './csvPeek';
import type { CsvPeekRequest, CsvPeekResponse, CsvRequest, CsvResponse } from './csvProtocol';

function askWorker<R>(request: CsvRequest | CsvPeekRequest): Promise<R> {
  const worker = new Worker(new URL('./csv.worker.ts', import.meta.url), { type: 'module' });
  return new Promise<R>((resolve, reject) => {
    worker.onmessage = (event: MessageEvent<R>) => resolve(event.data);
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

async function readText(input: string | Blob, maxBytes = DEFAULT_MAX_BYTES): Promise<string> {
  if (typeof input !== 'string' && input.size > maxBytes) throw sizeLimitError(maxBytes);
  return typeof input === 'string' ? input : input.text();
}

export async function importCsv(input: string | Blob, options: CsvOptions = {}): Promise<CsvImport> {
  const request: CsvRequest = { text: await readText(input, options.maxBytes), options };
  return unwrapCsvResponse(
    typeof Worker === 'undefined' ? await answerInline(request) : await askWorker<CsvResponse>(request),
  );
}

/** The header, a few rows and a guess per column (csvPeek.ts), or the CsvError of the file. */
export async function peekCsvFile(
  input: string | Blob,
  options: Pick<CsvOptions, 'maxBytes' | 'delimiter'> = {},
): Promise<CsvPeek> {
  const request: CsvPeekRequest = { peek: true, text: await readText(input, options.maxBytes), options };
  const response: CsvPeekResponse =
    typeof Worker === 'undefined'
      ? (await import('./csvProtocol')).answerCsvPeek(request)
      : await askWorker<CsvPeekResponse>(request);
  if (!response.ok) throw CsvError.fromData(response.error);
  const { ok: _, ...peek } = response;
  return peek;
}
