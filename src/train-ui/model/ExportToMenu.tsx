/**
 * Export to…: one button in the header that opens the list of other engines a trained model can
 * leave for (docs/export.md), each with what its package holds; one button instead of one per
 * target keeps the header on two rows of a 1280-pixel screen. Escape, a click elsewhere or a
 * choice closes it; the arrow keys move between its items.
 */
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { EXPORT_TARGET_INFO, type ExportTargetInfo } from '../../export/targetInfo';

export function ExportToMenu({
  disabled,
  why,
  busy,
  onPick,
}: {
  disabled: boolean;
  /** Why nothing can be exported yet, when that is so. */
  why: string | null;
  busy: boolean;
  onPick: (target: ExportTargetInfo) => void;
}) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const menu = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    menu.current?.querySelector<HTMLButtonElement>('[role="menuitem"]')?.focus();
    const away = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', away);
    return () => document.removeEventListener('pointerdown', away);
  }, [open]);
  useEffect(() => {
    if (disabled) setOpen(false);
  }, [disabled]);

  const onKey = (e: KeyboardEvent) => {
    const items = [...(menu.current?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]') ?? [])];
    const at = items.indexOf(document.activeElement as HTMLButtonElement);
    if (e.key === 'Escape') {
      setOpen(false);
      root.current?.querySelector<HTMLButtonElement>('button')?.focus();
    } else if (e.key === 'ArrowDown') items[(at + 1) % items.length]?.focus();
    else if (e.key === 'ArrowUp') items[(at - 1 + items.length) % items.length]?.focus();
    else return;
    e.preventDefault();
  };

  return (
    <div className="export-to" ref={root}>
      <button
        type="button"
        disabled={disabled}
        aria-busy={busy}
        aria-haspopup="menu"
        aria-expanded={open}
        title={why ? `Export to another engine: ${why}` : 'Export the trained model for PyTorch, ONNX or tfjs'}
        onClick={() => setOpen(!open)}
      >
        Export to… ▾
      </button>
      {open && (
        <div className="export-to-menu" role="menu" aria-label="Export to" ref={menu} onKeyDown={onKey}>
          {EXPORT_TARGET_INFO.map((target) => (
            <button
              key={target.id}
              type="button"
              role="menuitem"
              title={`${target.summary}, as one .zip`}
              onClick={() => {
                setOpen(false);
                onPick(target);
              }}
            >
              <strong>{target.label}</strong>
              <span>{target.summary}</span>
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
