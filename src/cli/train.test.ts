/**
 * The CLI: its argument rules, and runs of its `main` in-process, as the process runs it but for
 * the exit (the process itself is run by badArguments.test.ts): a mistake exits with 2 and says what is wrong; a short run writes a model file whose weights
 * load back by name; a run whose weights overflow stops, names the box, exits 1 and writes nothing;
 * a run whose loss blows up but stays finite says so.
 */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runInProcess } from '../testing/cliRun';
import { parseTrainArgs } from './args';
import { doneLine, epochLine, main } from './train';

/** The command in this process, as its process runs it but for the exit (src/testing/cliRun.ts). */
const run = async (...args: string[]) => {
  const r = await runInProcess(main, args);
  return { status: r.code, stdout: r.stdout, stderr: r.stderr };
};

describe('train CLI', () => {
  it('parses the documented options in both spellings', () => {
    const parsed = parseTrainArgs([
      'doc.json',
      '--dataset',
      'iris',
      '--epochs=400',
      '--batch',
      '1',
      '--seed',
      '2',
      '--engine',
      'tfjs-cpu',
      '--out',
      'm.json',
    ]);
    expect(parsed).toEqual({
      ok: true,
      args: {
        document: 'doc.json',
        dataset: 'iris',
        epochs: 400,
        batch: 1,
        seed: 2,
        engine: 'tfjs-cpu',
        out: 'm.json',
        quiet: false,
      },
    });
  });

  it.each([
    [['doc.json', '--epochs', '0'], /--epochs must be an integer ≥ 1/],
    [['doc.json', '--epochs', '2.5'], /--epochs must be an integer/],
    [['doc.json', '--engine', 'gpu'], /--engine must be one of typed, typed64, tfjs-cpu, tfjs-wasm/],
    [['doc.json', '--batch'], /--batch needs a value/],
    [['doc.json', '--seed', '--out', 'x'], /--seed needs a value/],
    [['doc.json', '--frobnicate'], /unknown option --frobnicate/],
    [['doc.json', '--lr', '0'], /--lr must be a number > 0/],
    [[], /no document given/],
    [['a.json', 'b.json'], /one document at a time/],
  ])('refuses %j', (argv, message) => {
    const parsed = parseTrainArgs(argv);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error).toMatch(message);
  });

  it('exits with 2 and the usage on a bad argument', async () => {
    const out = await run('src/io/examples/iris-simple.json', '--epochs', 'many');
    expect(out.status).toBe(2);
    expect(out.stderr).toMatch(/--epochs must be an integer/);
    expect(out.stderr).toMatch(/usage: npm run train/);
  });

  it('trains a document and writes the model file', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'lensboard-')), 'model.json');
    const out = await run(
      'src/io/examples/iris-simple.json',
      '--epochs',
      '3',
      '--batch',
      '10',
      '--seed',
      '2',
      '--engine',
      'typed',
      '--out',
      file,
    );
    expect(out.stderr).toBe('');
    expect(out.status).toBe(0);
    expect(out.stdout.split('\n').filter((l) => l.startsWith('epoch'))).toHaveLength(3);
    // 45 steps train in far less than the half second a rate is measured over (learn/stepRate.ts)
    expect(out.stdout).toMatch(/epoch 3\/3 {2}loss \d\.\d{4} {2}acc \d\.\d{3} {2}(\d+|—) steps\/s/);
    const model = JSON.parse(readFileSync(file, 'utf8'));
    expect(model.format).toBe('lensboard-model');
    expect(model.diagram.name).toMatch(/Iris/);
    expect(model.trainingConfig).toMatchObject({ epochsDone: 3, seed: 2, batchSize: 10 });
    // what predict needs to take the rows as the user has them (docs/model-format.md, *The preparation*)
    expect(model.trainingConfig.dataset.preparation).toEqual({
      features: ['sepal length', 'sepal width', 'petal length', 'petal width'],
      encoding: { kind: 'identity' },
      classes: { names: ['setosa', 'versicolor', 'virginica'], encoding: 'onehot' },
    });
    const params = model.weightsManifest.filter((w: { group: string }) => w.group === 'model');
    expect(params.map((w: { shape: number[] }) => w.shape)).toEqual([[4, 3], [3]]);
  });

  it('prints its usage on --help and exits with 0', async () => {
    const out = await run('--help');
    expect(out.status).toBe(0);
    expect(out.stdout).toMatch(/usage: npm run train -- <document.json \| model.json \| model.onnx>/);
  });

  it('resumes a model file: 1 epoch, then 2 more, equals 3 in one go', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lensboard-'));
    const common = ['--batch', '10', '--seed', '2', '--quiet'];
    const one = join(dir, 'one.json');
    const three = join(dir, 'three.json');
    const resumed = join(dir, 'resumed.json');
    expect((await run('src/io/examples/iris-simple.json', '--epochs', '1', ...common, '--out', one)).status).toBe(0);
    expect((await run('src/io/examples/iris-simple.json', '--epochs', '3', ...common, '--out', three)).status).toBe(0);
    const out = await run(one, '--epochs', '2', '--quiet', '--out', resumed);
    expect(out.stderr).toBe('');
    const a = JSON.parse(readFileSync(resumed, 'utf8'));
    const b = JSON.parse(readFileSync(three, 'utf8'));
    expect(a.weightData).toBe(b.weightData);
    expect(a.trainingConfig).toEqual(b.trainingConfig);
  });

  it('refuses a model file from a newer Lensboard, naming formatVersion', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'lensboard-')), 'new.json');
    const model = JSON.parse(readFileSync('src/io/fixtures/model-v1.json', 'utf8'));
    writeFileSync(file, JSON.stringify({ ...model, formatVersion: 99 }));
    const out = await run(file, '--epochs', '1');
    expect(out.status).toBe(2);
    expect(out.stderr).toMatch(/formatVersion: .*made by a newer version of Lensboard/);
  });

  it('stops on the first non-finite loss or weight, names the box, exits 1 and writes no model', async () => {
    // The bug: plain gradient descent at ε = 1e30 printed "loss NaN" every epoch, exited 0 and
    // wrote weights that JSON turned into null.
    const dir = mkdtempSync(join(tmpdir(), 'lensboard-'));
    const xor = JSON.parse(readFileSync('src/io/examples/xor.json', 'utf8'));
    const gd = xor.boxes.map((b: { generator: string }) =>
      b.generator === 'optimiser' ? { ...b, config: { kind: 'gd' } } : b,
    );
    const document = join(dir, 'xor-gd.json');
    writeFileSync(document, JSON.stringify({ ...xor, boxes: gd }));
    const file = join(dir, 'model.json');
    const out = await run(document, '--lr', '1e30', '--engine', 'typed', '--out', file);
    expect(out.status).toBe(1);
    expect(out.stderr).toMatch(/not finite; the first box whose output is not finite is '[^']+' \(\w+\)/);
    expect(out.stderr).toMatch(/no model written/);
    expect(out.stdout).not.toMatch(/NaN/);
    expect(existsSync(file)).toBe(false);
  });

  it('warns of a loss that grows by orders of magnitude, beside the model it still writes', async () => {
    // The bug: Adam at ε = 1e30 "trained" XOR to a loss of 4.8e29 and wrote a model without a word.
    const file = join(mkdtempSync(join(tmpdir(), 'lensboard-')), 'model.json');
    const out = await run(
      'src/io/examples/xor.json',
      '--lr',
      '1e30',
      '--epochs',
      '2',
      '--engine',
      'typed',
      '--out',
      file,
    );
    expect(out.status).toBe(0);
    const warnings = out.stderr.split('\n').filter((l) => l.startsWith('warning:'));
    expect(warnings).toHaveLength(2);
    expect(warnings[1]).toMatch(
      /^warning: src\/io\/examples\/xor\.json: the loss diverges: \S+e\+\d+ in epoch 1, \S+ times the \S+ at the first step; the learning rate is likely too large$/,
    );
    expect(existsSync(file)).toBe(true);
  });
});

describe("train CLI's steps per second", () => {
  const metrics = { loss: 0.05, accuracy: 0.98, n: 150, confusion: null };
  const epoch = { epoch: 0, engine: 'typed-float32', steps: 150, running: metrics, train: metrics, test: null };
  const result = {
    status: 'done' as const,
    epochs: 400,
    steps: 60_000,
    seconds: 0.4,
    engine: 'typed-float32',
    enginePick: null,
    train: metrics,
    test: null,
    failure: null,
  };

  it("states the trainer's rate over its last half second, never an epoch's own (150 steps in 0.4 ms)", () => {
    const line = (rate: number | null) => epochLine({ ...epoch, stepsPerSecond: 375_000 }, 400, 0, rate);
    expect(line(null)).toMatch(/ — steps\/s$/);
    expect(line(98_885.4)).toMatch(/ 98885 steps\/s$/);
  });

  it('ends on the steps this run took in its seconds, with their rate only when it trained half a second', () => {
    expect(doneLine(result, 0)).toBe('done: 60000 steps in 0.40 s; training accuracy 0.980');
    expect(doneLine({ ...result, seconds: 0.6 }, 0)).toBe(
      'done: 60000 steps in 0.60 s (100000 steps/s); training accuracy 0.980',
    );
    // a resumed model's 30,000 steps took none of these seconds
    expect(doneLine({ ...result, seconds: 0.6 }, 30_000)).toBe(
      'done: 60000 steps; the last 30000 in 0.60 s (50000 steps/s); training accuracy 0.980',
    );
  });
});
