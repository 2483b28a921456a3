/** The export command with the ONNX and tfjs targets, run as a user runs it (docs/export.md). */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeOnnx } from '../export/onnx/decode';

const run = (...args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/export.ts', ...args], {
    encoding: 'utf8',
    timeout: 120_000,
  });

describe('export CLI, ONNX and tfjs', () => {
  it('lists both targets and writes model.onnx, and model.json with its shard', () => {
    expect(run('--help').stdout).toMatch(/onnx {7}model\.onnx \(opset 17\)[\s\S]*tfjs {7}model\.json \+ weight shards/);
    const dir = mkdtempSync(join(tmpdir(), 'lensboard-export-'));
    const onnx = run('src/io/examples/mnist-conv.json', '--to', 'onnx', '--out', join(dir, 'onnx'));
    expect(onnx.stderr).toBe('');
    expect(onnx.stdout).toBe(`wrote model.onnx to ${join(dir, 'onnx')}\n`);
    const decoded = decodeOnnx(readFileSync(join(dir, 'onnx', 'model.onnx')));
    expect(decoded.ok && decoded.model.graph.nodes.map((n) => n.opType)).toContain('Conv');
    const tfjs = run('src/io/examples/xor.json', '--to', 'tfjs', '--out', join(dir, 'tfjs'));
    expect(tfjs.status).toBe(0);
    expect(existsSync(join(dir, 'tfjs', 'group1-shard1of1.bin'))).toBe(true);
    expect(JSON.parse(readFileSync(join(dir, 'tfjs', 'model.json'), 'utf8')).format).toBe('graph-model');
  });
});
