/** The file picker for a CSV: a visible label that opens the (visually hidden) file input. */
import { useId } from 'react';

export function CsvUpload({ onFile, reading }: { onFile: (file: File) => void; reading: string | null }) {
  const id = useId();
  return (
    <div className="csv-upload">
      <label htmlFor={id} className="csv-upload-button">
        Upload a CSV file…
      </label>
      <input
        id={id}
        className="visually-hidden"
        type="file"
        accept=".csv,text/csv,text/plain"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = ''; // choosing the same file again is a new choice
          if (file) onFile(file);
        }}
      />
      <span className="muted">{reading ? `Reading ${reading}…` : 'or drop one on this panel'}</span>
    </div>
  );
}
