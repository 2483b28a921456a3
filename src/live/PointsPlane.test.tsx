/**
 * The student's plane for the class's pool (docs/class.md#pool-the-classs-data), rendered to
 * markup in Node: a pool of three classes on two features draws each class's points in its own
 * colour, the Data panel's, and names every class in a legend beside the plane.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { classColour } from '../train-ui/data/colours';
import { live } from './liveStore';
import { PointsPlane } from './PointsPlane';
import { PLANE, type PoolShape } from './poolShape';

const THREE: PoolShape = {
  ...PLANE,
  features: ['petal length', 'petal width'],
  classes: ['setosa', 'versicolor', 'virginica'],
};

// A render to markup reads a store's initial state (React's server snapshot): here, the state set.
beforeEach(() => vi.spyOn(live, 'getInitialState').mockImplementation(live.getState));
afterEach(() => {
  vi.restoreAllMocks();
  live.setState({ poolShape: PLANE, myPoints: [] });
});

const fills = (html: string) => [...html.matchAll(/<circle [^>]*fill="([^"]+)"/g)].map((m) => m[1]);
const legend = (html: string) =>
  [...(html.match(/aria-label="Classes on the plane">(.*?)<\/ul>/)?.[1] ?? '').matchAll(/<\/span>([^<]+)<\/li>/g)].map(
    (m) => m[1],
  );

describe('the plane of the class’s points', () => {
  it('draws three classes in three colours, the Data panel’s, and names them in its legend', () => {
    live.setState({
      poolShape: THREE,
      myPoints: [
        [0, 0, 0],
        [0.5, 0.5, 1],
        [-0.5, 0.5, 2],
        [0.2, -0.2, 2],
      ],
    });
    const html = renderToStaticMarkup(<PointsPlane />);
    const colours = [0, 1, 2].map((c) => classColour(c, 3));
    expect(new Set(colours).size).toBe(3);
    expect(fills(html)).toEqual([colours[0], colours[1], colours[2], colours[2]]);
    expect(legend(html)).toEqual(['setosa', 'versicolor', 'virginica']);
    for (const c of colours) expect(html).toContain(`background:${c}`);
  });

  it('keeps the two classes of the plane in the Data panel’s orange and blue', () => {
    live.setState({
      myPoints: [
        [0, 0, 0],
        [0.5, 0.5, 1],
      ],
    });
    const html = renderToStaticMarkup(<PointsPlane />);
    expect(fills(html)).toEqual([classColour(0, 2), classColour(1, 2)]);
    expect(legend(html)).toEqual(['A', 'B']);
  });

  it('draws no plane, and so no legend, for a pool of other than two features', () => {
    live.setState({ poolShape: { ...THREE, features: ['a', 'b', 'c'], min: [0, 0, 0], max: [1, 1, 1] } });
    const html = renderToStaticMarkup(<PointsPlane />);
    expect(html).not.toContain('<svg');
    expect(html).not.toContain('Classes on the plane');
  });
});
