/**
 * A panel's body, made the first time its panel is open and kept from then on (with its state):
 * a panel that starts on its rail (docs/screen.md) costs the page's opening nothing.
 */
import { type ReactNode, useState } from 'react';

export function OnceOpened({ open, children }: { open: boolean; children: ReactNode }) {
  const [seen, setSeen] = useState(open);
  if (open && !seen) setSeen(true);
  return seen || open ? children : null;
}
