/**
 * ONNX's own checker (docs/export.md "ONNX") holds every gallery example's export, and one
 * export with its weights in an external data file, to the ONNX standard: `onnx.checker
 * .check_model(path, full_check=True)` (Debian's python3-onnx, /usr/bin/python3), which also
 * runs ONNX's shape inference over the graph; and every initialiser, loaded with its external
 * data, reads as an array of its shape. One python process checks them all.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { exampleGraph, galleryFor } from '../../testing/exportOracle';
import { refusalOf } from '../opTable';
import { wholeData } from '../targets';
import { ONNX_OPS } from './ops';
import { ONNX_DATA_FILE, onnxTarget } from './write';

const PYTHON = '/usr/bin/python3';
const CHECK = `
import json, sys, onnx
from onnx import numpy_helper
failed = {}
for path in sys.argv[1:]:
    try:
        onnx.checker.check_model(path, full_check=True)
        # the checker sees that a data file exists, not that it holds each tensor's bytes
        for t in onnx.load(path).graph.initializer:
            numpy_helper.to_array(t)
    except Exception as e:
        failed[path] = f"{type(e).__name__}: {e}"
print(json.dumps(failed))
`;

const dir = mkdtempSync(join(tmpdir(), 'lensboard-onnx-checker-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Writes an export's files into their own folder; the path of its .onnx. */
function written(name: string, files: readonly { path: string; data: unknown }[]): string {
  mkdirSync(join(dir, name));
  for (const f of files) writeFileSync(join(dir, name, f.path), wholeData(f.data as never) as Uint8Array);
  return join(dir, name, 'model.onnx');
}

describe('onnx.checker', () => {
  it('passes every gallery example’s export, and one with external data, in full', () => {
    const { expressed } = galleryFor((graph) => refusalOf('ONNX', ONNX_OPS, graph));
    const paths = expressed.map((id) => written(id, onnxTarget.write(exampleGraph(id))));
    const split = onnxTarget.write(exampleGraph('mnist-mlp'), { externalDataAbove: 0 });
    expect(split.map((f) => f.path)).toEqual(['model.onnx', ONNX_DATA_FILE]);
    paths.push(written('external-data', split));
    const run = spawnSync(PYTHON, ['-c', CHECK, ...paths], { encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({});
    expect(paths.length).toBeGreaterThan(15);
  }, 60_000);
});
