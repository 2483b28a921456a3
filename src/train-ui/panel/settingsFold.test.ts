/**
 * What the settings column shows (docs/screen.md, "The settings fit their column"): the step sizes
 * a class changes in view, the rest folded, in the optimiser's order; and a training panel too
 * narrow for it beside two readable charts folds the column to a rail.
 */
import { describe, expect, it } from 'vitest';
import { getOptimiser, OPTIMISER_KINDS } from '../../learn/optimisers/index';
import { MIN_CHART, TWO_CHARTS, viewsWidth } from './panelColumns';
import { hypersFolded } from './trainSettings';
import { settingsOpenAt } from './useSettingsFold';

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

  it('is a rail where, open, it would leave the charts under 200 px each; open where they keep it', () => {
    // 1280 px: every side panel open (720 px), the inspector and data open (924 px) fold it; the
    // palette open (1004 px) and the rails (1208 px) keep it open beside charts 229 and 331 px wide
    expect(settingsOpenAt(720, 1280)).toBe(false);
    expect(settingsOpenAt(924, 1280)).toBe(false);
    expect(settingsOpenAt(1004, 1280)).toBe(true);
    expect(settingsOpenAt(1208, 1280)).toBe(true);
    // 1366 px with every side panel open (806 px); 1920 px with every side panel open (1360 px)
    expect(settingsOpenAt(806, 1366)).toBe(false);
    expect(settingsOpenAt(1360, 1920)).toBe(true);
    // not yet laid out: open, as the first paint has it
    expect(settingsOpenAt(0, 1280)).toBe(true);
  });

  it('leaves the views room for two charts of 200 px wherever it stands open, at every window', () => {
    const wrong: string[] = [];
    for (const w of [1024, 1280, 1366, 1440, 1500, 1501, 1920])
      for (let panel = 400; panel <= w; panel++) {
        const room = viewsWidth(panel, true, w);
        // open only where the charts keep 200 px each; folded only where open would squeeze them
        if (settingsOpenAt(panel, w) !== room >= 2 * MIN_CHART + 16) wrong.push(`${panel} px at ${w}`);
      }
    expect(wrong).toEqual([]);
    expect(TWO_CHARTS).toBe(2 * MIN_CHART + 16);
  });
});
