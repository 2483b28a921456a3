/**
 * The messages between the page and the CSV worker, and the handler that answers them. The
 * handler is plain code, so Node tests it and the inline fallback reuses it.
 */
import { type CsvImport, type CsvOptions, parseCsv } from './csv';
import { CsvError, type CsvErrorData } from './csvError';
import { type CsvPeek, peekCsv } from './csvPeek';

export interface CsvRequest {
  text: string;
  options: CsvOptions;
}

/** A first look (csvPeek.ts) instead of an import. */
export interface CsvPeekRequest {
  peek: true;
  text: string;
  options: Pick<CsvOptions, 'maxBytes' | 'delimiter'>;
}

type Failed = { ok: false; error: CsvErrorData };
export type CsvResponse = ({ ok: true } & CsvImport) | Failed;
export type CsvPeekResponse = ({ ok: true } & CsvPeek) | Failed;

function failure(error: unknown): Failed {
  if (error instanceof CsvError) return { ok: false, error: error.toData() };
  // Anything else is a bug, not a bad file; say so rather than blame the file.
  return { ok: false, error: { message: `CSV import failed unexpectedly: ${String(error)}` } };
}

export function answerCsvRequest({ text, options }: CsvRequest): CsvResponse {
  try {
    return { ok: true, ...parseCsv(text, options) };
  } catch (error) {
    return failure(error);
  }
}

export function answerCsvPeek({ text, options }: CsvPeekRequest): CsvPeekResponse {
  try {
    return { ok: true, ...peekCsv(text, options) };
  } catch (error) {
    return failure(error);
  }
}

/** The buffers a response can hand over without copying. */
export function transferables(response: CsvResponse | CsvPeekResponse): ArrayBuffer[] {
  if (!response.ok || !('dataset' in response)) return [];
  const arrays = [response.dataset.features, response.dataset.labels];
  if (response.standardiser) arrays.push(response.standardiser.mean, response.standardiser.std);
  return arrays.map((a) => a.buffer as ArrayBuffer);
}
