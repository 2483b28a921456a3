/**
 * The CSV import off the main thread: a 20 MB file parses without freezing the page.
 * One request in, one response out; the arrays are transferred, not copied.
 */
import {
  answerCsvPeek,
  answerCsvRequest,
  type CsvPeekRequest,
  type CsvPeekResponse,
  type CsvRequest,
  type CsvResponse,
  transferables,
} from './csvProtocol';

// Typed as a worker scope by hand: the project's lib is DOM, whose `self` is a Window.
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<CsvRequest | CsvPeekRequest>) => void) | null;
  postMessage(message: CsvResponse | CsvPeekResponse, transfer: Transferable[]): void;
};

scope.onmessage = ({ data }) => {
  const response = 'peek' in data ? answerCsvPeek(data) : answerCsvRequest(data);
  scope.postMessage(response, transferables(response));
};
