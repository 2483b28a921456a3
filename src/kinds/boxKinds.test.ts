/** The learner's box kinds are palette data, described the same way as core generators. */
import { describe, expect, it } from 'vitest';
import { allGenerators } from '../core';
import { describeBox, learnerBoxKinds, lookupBoxKind } from './boxKinds';

describe('learner box kinds', () => {
  it('are the seven kinds of the learner, with the ports the compiler reads', () => {
    const ports = Object.fromEntries(
      learnerBoxKinds().map((k) => {
        const p = k.ports({});
        return [k.id, [p.inputs.map((i) => i.name), p.outputs.map((o) => o.name)]];
      }),
    );
    expect(ports).toEqual({
      input: [[], ['x']],
      label: [[], ['y']],
      output: [['ŷ'], []],
      parameter: [[], ['W']],
      loss: [['ŷ', 'y'], ['l']],
      'learning-rate': [['l'], []],
      optimiser: [[], []],
    });
  });

  it('have palette groups, descriptions and shapes that tell them apart', () => {
    const kinds = learnerBoxKinds();
    for (const k of kinds) {
      expect(['Data', 'Losses', 'Learning']).toContain(k.group);
      expect(k.description.length).toBeGreaterThan(20);
    }
    const looks = kinds.map((k) => `${k.draw.shape}/${k.draw.colour}`);
    expect(new Set(looks).size).toBe(kinds.length);
  });

  it('do not collide with core generator ids', () => {
    const core = new Set(allGenerators().map((g) => g.id));
    for (const k of learnerBoxKinds()) expect(core.has(k.id)).toBe(false);
  });

  it('are found by id', () => {
    expect(lookupBoxKind('loss')?.configFields.map((f) => f.key)).toEqual(['kind']);
    expect(lookupBoxKind('linear')).toBeUndefined();
  });
});

describe('describeBox', () => {
  it('describes core generators through the registry, with the Para keys the compiler reads', () => {
    const lin = describeBox('linear');
    expect(lin?.source).toBe('core');
    expect(lin?.group).toBe('Linear & Para');
    expect(lin?.ports({ in: 4, out: 3 }).inputs).toEqual([{ name: 'W', param: true }, { name: 'x' }]);
    expect(lin?.configFields.map((f) => f.key)).toEqual(['in', 'out', 'init']);
    expect(describeBox('correlate2d')?.configFields.map((f) => f.key)).toEqual([
      'pads',
      'strides',
      'dilations',
      'groups',
      'kernel',
      'channels',
      'init',
    ]);
    expect(describeBox('sigmoid')?.configFields).toEqual([]);
  });

  it('gives ports even for a half-typed config', () => {
    expect(describeBox('copy')?.ports({ n: 'three' }).outputs).toHaveLength(2);
    expect(describeBox('copy')?.ports({ n: 3 }).outputs).toHaveLength(3);
  });

  it('describes learner kinds and nothing else', () => {
    expect(describeBox('optimiser')).toMatchObject({ source: 'learner', group: 'Learning' });
    expect(describeBox('frobnicate')).toBeUndefined();
  });
});
