/**
 * The sizes and settings a box's config sets, printed beside its name (configCaption.ts). Each
 * setting (`β₂ 0.999`) keeps its name and value together, and a long list (an optimiser's four
 * settings) wraps between settings inside the box rather than running out of it.
 */
import { Fragment } from 'react';

export function ConfigSizes({ sizes }: { sizes: string }) {
  const parts = sizes.split(', ');
  return (
    <span className="box-sizes">
      {parts.map((p, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts are the caption's, in its order
        <Fragment key={i}>
          {i > 0 && ' '}
          <span className="box-size-part">
            {p}
            {i < parts.length - 1 && ','}
          </span>
        </Fragment>
      ))}
    </span>
  );
}
