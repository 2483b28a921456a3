import { describe, expect, it } from 'vitest';
import { type Flag, parseFlags, parsing } from './flags';

const FLAGS: Record<string, Flag> = {
  n: { kind: 'int', key: 'n', min: 1, max: 9 },
  rate: { kind: 'number', key: 'rate', min: 0 },
  name: { kind: 'string', key: 'name' },
  mode: { kind: 'choice', key: 'mode', choices: ['a', 'b'] },
  verbose: { kind: 'switch', key: 'verbose' },
};
const parse = (...argv: string[]) => parsing(() => parseFlags(argv, FLAGS));

describe('the commands’ option parser', () => {
  it('reads both spellings, switches and positional words, keyed as the flags say', () => {
    expect(parse('x', '--n', '3', '--rate=0.5', '--name', '-x', '--mode=b', 'y', '--verbose')).toEqual({
      ok: true,
      args: { positional: ['x', 'y'], values: { n: 3, rate: 0.5, name: '-x', mode: 'b', verbose: true } },
    });
    expect(parse('--name=a=b')).toMatchObject({ ok: true, args: { values: { name: 'a=b' } } });
  });

  it.each([
    [['--n', '0'], /^--n must be an integer in \[1, 9\], got '0'$/],
    [['--n', '2.5'], /^--n must be an integer/],
    [['--n', ' '], /^--n must be an integer/],
    [['--rate', '-1'], /^--rate must be a number ≥ 0, got '-1'$/],
    [['--mode', 'c'], /^--mode must be one of a, b, got 'c'$/],
    [['--n'], /^--n needs a value$/],
    [['--n', '--rate', '1'], /^--n needs a value$/],
    [['--verbose=yes'], /^--verbose takes no value$/],
    [['--colour', 'red'], /^unknown option --colour$/],
    [['--__proto__', 'x'], /^unknown option --__proto__$/],
  ])('refuses %j with a sentence', (argv, message) => {
    const parsed = parse(...argv);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error).toMatch(message);
  });
});
