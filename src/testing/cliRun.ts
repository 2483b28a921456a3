/**
 * A command run in-process: its `main` through `runMain` (src/cli/command.ts), exactly as the
 * process runs it but for `process.exit`, with what it writes to stdout and stderr (through
 * `process.stdout`/`process.stderr` or `console`) caught. Runs must not overlap: the catching
 * replaces those functions for the length of one run.
 */
import { format } from 'node:util';
import { vi } from 'vitest';
import { type Main, runMain } from '../cli/command';

export interface Ran {
  /** The exit code; null for a process killed at its time limit (never in-process). */
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

const text = (chunk: unknown): string =>
  typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString('utf8');

export async function runInProcess(main: Main, argv: readonly string[]): Promise<Ran> {
  let stdout = '';
  let stderr = '';
  const toOut = (...args: unknown[]) => {
    stdout += `${format(...args)}\n`;
  };
  const toErr = (...args: unknown[]) => {
    stderr += `${format(...args)}\n`;
  };
  const spies = [
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk: unknown) => {
      stdout += text(chunk);
      return true;
    }),
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk: unknown) => {
      stderr += text(chunk);
      return true;
    }),
    vi.spyOn(console, 'log').mockImplementation(toOut),
    vi.spyOn(console, 'info').mockImplementation(toOut),
    vi.spyOn(console, 'warn').mockImplementation(toErr),
    vi.spyOn(console, 'error').mockImplementation(toErr),
  ];
  try {
    const code = await runMain(main, argv);
    return { code, stdout, stderr };
  } finally {
    for (const s of spies) s.mockRestore();
  }
}
