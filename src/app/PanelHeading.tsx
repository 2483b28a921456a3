/**
 * A panel's heading, which is also the button that opens and closes it (the disclosure
 * pattern: `aria-expanded`, `aria-controls`). A closed side panel keeps only this heading, set
 * upright on its rail (docs/screen.md).
 */
import type { ReactNode } from 'react';

export function PanelHeading({
  name,
  open,
  onToggle,
  controls,
  children,
}: {
  name: string;
  open: boolean;
  onToggle: () => void;
  controls: string;
  children?: ReactNode;
}) {
  return (
    <div className="panel-heading">
      <h2>
        <button
          type="button"
          className="panel-toggle"
          aria-expanded={open}
          aria-controls={controls}
          title={open ? `Close the ${name.toLowerCase()} panel` : `Open the ${name.toLowerCase()} panel`}
          onClick={onToggle}
        >
          <span className="panel-chevron" aria-hidden="true">
            {open ? '▾' : '▸'}
          </span>
          {name}
        </button>
      </h2>
      {children}
    </div>
  );
}
