/**
 * Views of a run that keep state of their own (the animation's trace, a hovered box's values,
 * the tab shown) start afresh when another document's session is shown: nothing of one
 * document's run is ever drawn over another's.
 */
import { Fragment, type ReactNode } from 'react';
import { useSessionSerial } from './TrainSessionContext';

export function PerSession({ children }: { children: ReactNode }) {
  return <Fragment key={useSessionSerial()}>{children}</Fragment>;
}
