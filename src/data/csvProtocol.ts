/**
 * The messages between the page and the CSV worker, and the handler that answers them. The
 * handler is plain code, so Node tests it and the inline fallback reuses it.
 */
import { type CsvImport, type CsvOptions, parseCsv } from './csv';
import { CsvError, type CsvErrorData } from './csvError';

export interface CsvRequest {
  text: string;
  options: CsvOptions;
}

export type CsvResponse = ({ ok: true } & CsvImport) | { ok: false; error: CsvErrorData };

export function answerCsvRequest({ text, options }: CsvRequest): CsvResponse {
  try {
    return { ok: true, ...parseCsv(text, options) };
  } catch (error) {
    if (error instanceof CsvError) return { ok: false, error: error.toData() };
    // Anything else is a bug, not a bad file; say so rather than blame the file.
    return { ok: false, error: { message: `CSV import failed unexpectedly: ${String(error)}` } };
  }
}

/** The buffers a response can hand over without copying. */
export function transferables(response: CsvResponse): ArrayBuffer[] {
  if (!response.ok) return [];
  const arrays = [response.dataset.features, response.dataset.labels];
  if (response.standardiser) arrays.push(response.standardiser.mean, response.standardiser.std);
  return arrays.map((a) => a.buffer as ArrayBuffer);
}
