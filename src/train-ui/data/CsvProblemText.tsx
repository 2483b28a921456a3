/** A CSV refusal in words: where (row, column) first, then what. */
import type { CsvProblem } from './useCsvImport';

export function CsvProblemText({ problem, file }: { problem: CsvProblem; file?: string }) {
  const where = [
    problem.row === undefined ? '' : `Row ${problem.row}`,
    problem.column === undefined ? '' : `column “${problem.column}”`,
  ]
    .filter(Boolean)
    .join(', ');
  return (
    <p className="data-error" role="alert">
      {file && <>{file} could not be read. </>}
      {where && <strong>{where}: </strong>}
      {problem.reason}
    </p>
  );
}
