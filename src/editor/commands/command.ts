/**
 * An editor command, as excalidraw's actions: a name, its effect and its key binding, one small
 * file each. Keys are written `mod+z` (mod is Ctrl, or ⌘ on a Mac), `shift+…`, or a plain key.
 */
import type { ReactFlowInstance } from '@xyflow/react';
import type { EditorStore } from '../store/createEditorStore';

export interface CommandContext {
  readonly store: EditorStore;
  readonly flow: ReactFlowInstance | null;
}

export interface Command {
  readonly id: string;
  readonly label: string;
  readonly keys: readonly string[];
  /** Served by the browser's copy/paste events rather than by keydown (so the system clipboard works). */
  readonly clipboardEvent?: boolean;
  run(ctx: CommandContext): void | Promise<void>;
}

export function defineCommand(c: Command): Command {
  return c;
}

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/** Does this key event match the binding `mod+shift+z`? */
export function matches(binding: string, e: KeyboardEvent): boolean {
  const parts = binding.toLowerCase().split('+');
  const key = parts[parts.length - 1];
  const mod = parts.includes('mod');
  const shift = parts.includes('shift');
  const alt = parts.includes('alt');
  const modDown = isMac ? e.metaKey : e.ctrlKey;
  if (mod !== modDown || alt !== e.altKey) return false;
  if (key.length === 1 && !/[a-z0-9]/.test(key)) return e.key === key;
  return shift === e.shiftKey && e.key.toLowerCase() === key;
}

/** `mod+shift+z` as people read it: `Ctrl+Shift+Z`. */
export function keyLabel(binding: string): string {
  return binding
    .split('+')
    .map((p) =>
      p === 'mod' ? (isMac ? '⌘' : 'Ctrl') : p.length === 1 ? p.toUpperCase() : p[0].toUpperCase() + p.slice(1),
    )
    .join('+');
}
