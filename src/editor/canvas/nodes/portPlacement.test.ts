import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allGenerators } from '../../../core';
import { normaliseConfig } from '../../../core/config';
import type { PortSpec } from '../../../core/generator';
import { learnerBoxKinds } from '../../../kinds/boxKinds';
import { fcSeed } from '../../../testing/seed';
import { BOX_BORDER, PORT_GAP, portOffset, portRoom, portSpacing } from './portPlacement';

/** The smallest box CSS draws (editor.css: a box is at least 84 px wide; a spider is 30 px). */
const CSS_SIDE = 30;

/**
 * The least distance between two ports of one side of a box drawn with `portRoom`: the ports
 * share the side inside the box's border, taken at its thickest.
 */
function closest(inputs: readonly PortSpec[], outputs: readonly PortSpec[]): number {
  const room = portRoom(inputs, outputs);
  const params = inputs.filter((p) => p.param).length;
  const sides = [
    [inputs.length - params, Math.max(CSS_SIDE, room.minHeight ?? 0)],
    [outputs.length, Math.max(CSS_SIDE, room.minHeight ?? 0)],
    [params, Math.max(CSS_SIDE, room.minWidth ?? 0)],
  ] as const;
  return Math.min(...sides.filter(([n]) => n > 1).map(([n, length]) => portSpacing(length - 2 * BOX_BORDER, n)));
}

describe('ports on a box', () => {
  it('sit in the middle of equal slices of their side, a lone port in the middle', () => {
    expect(portOffset(0, 1)).toBe(0.5);
    expect([portOffset(0, 2), portOffset(1, 2)]).toEqual([0.25, 0.75]);
    expect(portRoom([{ name: 'x' }], [{ name: 'y' }])).toEqual({});
  });

  it('are at least 14 px apart on every generator of the registry and every learner box', () => {
    const boxes = [
      ...allGenerators().map((g) => [g.id, g.ports(normaliseConfig(g, {}))] as const),
      ...learnerBoxKinds().map((k) => [k.id, k.ports({})] as const),
    ];
    const crowded = boxes.filter(([, p]) => closest(p.inputs, p.outputs) < 14).map(([id]) => id);
    expect(crowded).toEqual([]);
    // the loss box, whose two inputs were 10 px apart, now has a slice of a handle's width each
    const loss = learnerBoxKinds().find((k) => k.id === 'loss');
    expect(loss && closest(loss.ports({}).inputs, loss.ports({}).outputs)).toBeGreaterThanOrEqual(PORT_GAP);
  });

  it('stay a handle apart on a box with many ports (concat of 64 inputs)', () => {
    const concat = allGenerators().find((g) => g.id === 'concat');
    if (!concat) throw new Error('the registry has no concat');
    const ports = concat.ports(normaliseConfig(concat, { n: 64 }));
    expect(ports.inputs).toHaveLength(64);
    expect(portRoom(ports.inputs, ports.outputs).minHeight).toBe(64 * PORT_GAP + 2 * BOX_BORDER);
    expect(closest(ports.inputs, ports.outputs)).toBe(PORT_GAP);
  });

  it('never overlap, on any side, for any number of ports (property, seeded)', () => {
    const seed = fcSeed('portPlacement property');
    const ports = (n: number, param = false): PortSpec[] =>
      Array.from({ length: n }, (_, i) => ({ name: `p${i}`, ...(param && { param: true }) }));
    fc.assert(
      fc.property(fc.nat(40), fc.nat(40), fc.nat(12), (data, out, params) => {
        const inputs = [...ports(data), ...ports(params, true)];
        if (inputs.length + out === 0) return;
        expect(closest(inputs, ports(out))).toBeGreaterThanOrEqual(PORT_GAP - 1e-9);
      }),
      { seed, numRuns: 200 },
    );
  });
});
