/**
 * The Animation panel's code (the player, the step's captions and their explanations) loads once
 * the first screen has painted and been idle (docs/architecture.md, "The first screen"). Until
 * then the panel shows its closed face, the same size and place, its button not yet working.
 */
import './animate.css';
import { type ComponentType, useEffect, useState } from 'react';
import { afterFirstPaint } from '../../editor/afterFirstPaint';

let loaded: ComponentType | null = null;
const load = () => import('./AnimationPanel').then((m) => m.AnimationPanel);

export function LazyAnimationPanel() {
  const [Panel, setPanel] = useState<ComponentType | null>(() => loaded);
  const [failed, setFailed] = useState<string | null>(null);
  useEffect(() => {
    if (Panel) return;
    let live = true;
    const cancel = afterFirstPaint(() => {
      load().then(
        (c) => {
          loaded = c;
          if (live) setPanel(() => c);
        },
        (e: unknown) => {
          if (live) setFailed(`The animation could not be loaded: ${e instanceof Error ? e.message : String(e)}`);
        },
      );
    });
    return () => {
      live = false;
      cancel();
    };
  }, [Panel]);
  if (Panel) return <Panel />;
  return (
    <section className="anim-panel anim-closed" aria-label="Animation">
      <button type="button" className="anim-start" disabled>
        Animate a step
      </button>
      {failed ? (
        <p className="anim-error" role="alert">
          {failed}
        </p>
      ) : (
        <p className="anim-hint">watch one training step go forward through the drawing and back</p>
      )}
    </section>
  );
}
