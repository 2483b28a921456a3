import { describe, expect, it } from 'vitest';
import { modelFileName } from './modelFileName';

describe('the name a model file is downloaded under', () => {
  it.each([
    ['XOR', 'XOR.lensboard-model.json'],
    ['Iris: dense 4→3 σ (the paper)', 'Iris dense 4_3 σ (the paper).lensboard-model.json'],
    ['MNIST, two dense layers', 'MNIST, two dense layers.lensboard-model.json'],
    ['../../etc/passwd', 'etc_passwd.lensboard-model.json'],
    ['a\\b/c:d*e?f"g<h>i|j', 'a_b_c_d_e_f_g_h_i_j.lensboard-model.json'],
    ['tab\there\nnewline\u0000nul', 'tab here newline_nul.lensboard-model.json'],
    ['Réseau à deux couches', 'Réseau à deux couches.lensboard-model.json'],
    ['', 'model.lensboard-model.json'],
    ['   ', 'model.lensboard-model.json'],
    ['///', 'model.lensboard-model.json'],
    ['.hidden', 'hidden.lensboard-model.json'],
    ['name.', 'name.lensboard-model.json'],
    ['CON', '_CON.lensboard-model.json'],
    ['lpt1', '_lpt1.lensboard-model.json'],
  ])('%j → %j', (name, file) => {
    expect(modelFileName(name)).toBe(file);
  });

  it('keeps at most 80 characters of the name, never half a letter', () => {
    const file = modelFileName('𝒳'.repeat(100)); // a letter outside the 16-bit plane: two UTF-16 units
    expect(file).toBe(`${'𝒳'.repeat(80)}.lensboard-model.json`);
    expect(modelFileName('😀 smile')).toBe('smile.lensboard-model.json');
    expect(modelFileName('x'.repeat(200))).toBe(`${'x'.repeat(80)}.lensboard-model.json`);
  });
});
