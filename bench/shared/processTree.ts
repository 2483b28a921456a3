/**
 * The resident memory of the processes this one started (Linux /proc): Chromium's browser, GPU,
 * renderer and utility processes under Playwright. Each process's peak (VmHWM) is reset before a
 * stage and read after it; their sum bounds the tree's peak from above, the largest is the one
 * process that held most (the page's renderer, or the browser's blob store).
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';

function parentOf(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // the name in parentheses may hold spaces: the fields after its last ')' are state, ppid, …
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return undefined;
  }
}

/** Every living descendant of `root`. */
export function descendants(root = process.pid): number[] {
  const parents = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    const pid = Number(name);
    const parent = Number.isInteger(pid) ? parentOf(pid) : undefined;
    if (parent !== undefined) parents.set(pid, parent);
  }
  const inTree = (pid: number): boolean => {
    for (let p = parents.get(pid); p !== undefined && p > 1; p = parents.get(p)) if (p === root) return true;
    return false;
  };
  return [...parents.keys()].filter(inTree);
}

/** Starts each process's peak afresh (the kernel's clear_refs 5). */
export function resetPeaks(pids: readonly number[]): void {
  for (const pid of pids) {
    try {
      writeFileSync(`/proc/${pid}/clear_refs`, '5');
    } catch {}
  }
}

/** The sum of the processes' `field` (VmRSS: resident now, VmHWM: peak since the reset) and the largest, in bytes. */
function treeSum(pids: readonly number[], field: 'VmRSS' | 'VmHWM'): { sum: number; largest: number } {
  let sum = 0;
  let largest = 0;
  for (const pid of pids) {
    try {
      const m = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      const bytes = m ? Number(m[1]) * 1024 : 0;
      sum += bytes;
      largest = Math.max(largest, bytes);
    } catch {}
  }
  return { sum, largest };
}

/** The sum of the processes' resident sizes now, in bytes. */
export const treeResident = (pids: readonly number[]): number => treeSum(pids, 'VmRSS').sum;

/** The processes' resident sizes now: their sum and the largest, in bytes. */
export const residentNow = (pids: readonly number[]) => treeSum(pids, 'VmRSS');

/** The sum of the processes' peaks since the reset, and the largest of them, in bytes. */
export const treePeaks = (pids: readonly number[]) => treeSum(pids, 'VmHWM');
