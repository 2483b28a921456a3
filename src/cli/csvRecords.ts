/**
 * RFC 4180 records from a CSV streamed in chunks, read as the app's CSV import reads a whole
 * text (data/csvHeader.ts, with papaparse and a comma): quoted fields hold commas, doubled
 * quotes and line breaks; one leading byte-order mark is dropped; the line break is the one
 * guessed from the first megabyte as papaparse guesses it (CR LF, LF or CR), and any other
 * break is text. White space may follow a closing quote; anything else after one, or a quote
 * left open, is refused (docs/untrusted-input.md, "CSV").
 */

/** How much of the start is held back to guess the line break, as papaparse looks at it. */
const GUESS_CHARS = 1024 * 1024;

/** papaparse's guess of the line break: quoted text aside, CR LF, LF or CR, whichever leads. */
export function guessLineBreak(head: string): string {
  const text = head.substring(0, GUESS_CHARS).replace(/"[\s\S]*?"/g, '');
  const r = text.split('\r');
  const n = text.split('\n');
  if (r.length === 1 || (n.length > 1 && n[0].length < r[0].length)) return '\n';
  const withN = r.filter((part) => part[0] === '\n').length;
  return withN >= r.length / 2 ? '\r\n' : '\r';
}

/** Where the scan is: a field's start, a bare field, inside quotes, just past a quote, or in white space after a closing one. */
type State = 'start' | 'plain' | 'quoted' | 'quote' | 'closed';

/** Splits chunks into records; `record` returns false to stop. */
export class CsvRecords {
  private head: string | null = '';
  private nl = '\n';
  private carry = '';
  private state: State = 'start';
  private field = '';
  private cells: string[] = [];
  private stopped = false;
  /** Why the text is not CSV, once it is not. */
  problem: string | null = null;

  constructor(private readonly record: (cells: string[]) => boolean) {}

  /** Reads a chunk; false once a record was refused or the text is malformed. */
  push(chunk: string): boolean {
    if (this.stopped) return false;
    if (this.head !== null) {
      this.head += chunk;
      if (this.head.length < GUESS_CHARS) return true;
      return this.begin(false);
    }
    return this.scan(this.carry + chunk, false);
  }

  /** Reads what is left at the end of the text; false when it was refused. */
  end(): boolean {
    if (this.stopped) return false;
    if (this.head !== null) return this.begin(true);
    return this.scan(this.carry, true);
  }

  private begin(final: boolean): boolean {
    const text = (this.head ?? '').replace(/^\uFEFF/, '');
    this.head = null;
    this.nl = guessLineBreak(text);
    return this.scan(text, final);
  }

  private fail(problem: string): boolean {
    this.problem = problem;
    this.stopped = true;
    return false;
  }

  private endField(): void {
    this.cells.push(this.field);
    this.field = '';
    this.state = 'start';
  }

  private endRecord(): boolean {
    this.endField();
    const cells = this.cells;
    this.cells = [];
    if (!this.record(cells)) this.stopped = true;
    return !this.stopped;
  }

  /** The length of the line break at `i`: 0 when none, -1 when the text ends inside one. */
  private breakAt(text: string, i: number, final: boolean): number {
    const nl = this.nl;
    if (text[i] !== nl[0]) return 0;
    if (nl.length === 1) return 1;
    if (i + 1 === text.length) return final ? 0 : -1;
    return text[i + 1] === nl[1] ? 2 : 0;
  }

  private scan(text: string, final: boolean): boolean {
    this.carry = '';
    let i = 0;
    while (i < text.length) {
      const c = text[i];
      if (this.state === 'quoted') {
        const q = text.indexOf('"', i);
        this.field += text.slice(i, q < 0 ? text.length : q);
        if (q < 0) break;
        this.state = 'quote';
        i = q + 1;
        continue;
      }
      if (this.state === 'quote' && c === '"') {
        this.field += '"';
        this.state = 'quoted';
        i++;
        continue;
      }
      if (this.state === 'start' && c === '"') {
        this.state = 'quoted';
        i++;
        continue;
      }
      const nl = this.breakAt(text, i, final);
      if (nl < 0) {
        this.carry = c;
        return true;
      }
      if (nl > 0) {
        if (!this.endRecord()) return false;
        i += nl;
        continue;
      }
      if (c === ',') {
        this.endField();
        i++;
        continue;
      }
      if (this.state === 'quote' || this.state === 'closed') {
        if (c.trim() !== '') return this.fail('a quoted field goes on after its closing quote');
        this.state = 'closed';
        i++;
        continue;
      }
      this.state = 'plain';
      let j = i + 1;
      while (j < text.length && text[j] !== ',' && text[j] !== this.nl[0]) j++;
      this.field += text.slice(i, j);
      i = j;
    }
    return final ? this.finish() : true;
  }

  private finish(): boolean {
    if (this.state === 'quoted') return this.fail('a quoted field is not closed');
    if (this.state === 'closed') return this.fail('a quoted field goes on after its closing quote');
    this.endRecord();
    this.stopped = true;
    return this.problem === null;
  }
}
