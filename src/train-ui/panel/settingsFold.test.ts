/**
 * What the settings column shows (docs/screen.md, "The settings fit their column"): the step sizes
 * a class changes in view, the rest folded, in the optimiser's order; and a narrow training panel
 * folds the column to a rail.
 */
import { describe, expect, it } from 'vitest';
import { getOptimiser, OPTIMISER_KINDS } from '../../learn/optimisers/index';
import { hypersFolded } from './trainSettings';
import { NARROW_PANEL, settingsOpenAt } from './useSettingsFold';

describe('the settings column', () => {
  it.each([...OPTIMISER_KINDS])(
    '%s: its numbers split in two, every one kept in order, the learning rate in view',
    (kind) => {
      const all = getOptimiser(kind).hypers;
      const [inView, folded] = hypersFolded(all);
      expect([...inView, ...folded].sort()).toEqual([...all].sort());
      expect(inView).toEqual(all.filter((n) => inView.includes(n)));
      expect(inView).toContain('learningRate');
      // at most two step sizes in view: with the epochs and the optimiser, four rows fit at 1280×720
      expect(inView.length).toBeLessThanOrEqual(2);
    },
  );

  it("folds Adam's β₂ and δ, and keeps its β₁ in view", () => {
    expect(hypersFolded(getOptimiser('adam').hypers)).toEqual([
      ['learningRate', 'beta1'],
      ['beta2', 'epsilon'],
    ]);
  });

  it('is a rail on a panel narrower than 860 px (1280×720 with every side panel open), open on a wider one', () => {
    expect(settingsOpenAt(720)).toBe(false);
    expect(settingsOpenAt(NARROW_PANEL - 1)).toBe(false);
    expect(settingsOpenAt(NARROW_PANEL)).toBe(true);
    expect(settingsOpenAt(1208)).toBe(true);
    // not yet laid out: open, as the first paint has it
    expect(settingsOpenAt(0)).toBe(true);
  });
});
