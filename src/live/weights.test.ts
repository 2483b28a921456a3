import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { fcSeed } from '../testing/seed';
import {
  ASK,
  ASK_ORDER,
  assemble,
  CHUNK_BYTES,
  EVERYONE,
  latestAsk,
  MAX_CHUNKS,
  raiseAsk,
  readAnswer,
  readMeta,
  sha256Hex,
  splitBytes,
  WEIGHTS_MAP,
  writeAnswer,
} from './weights';

const seed = fcSeed();
/** The server's cap on one message of a student (class-server/server.ts). */
const STUDENT_CAP = 256_000;

function bytesOf(n: number, salt = 7): Uint8Array {
  const b = new Uint8Array(n);
  for (let i = 0; i < n; i++) b[i] = (i * 31 + salt) & 255;
  return b;
}
/** Byte for byte, without the deep equality of a matcher (slow on megabytes). */
const same = (a: Uint8Array | false | undefined, b: Uint8Array) =>
  a instanceof Uint8Array && Buffer.compare(Buffer.from(a), Buffer.from(b)) === 0;

/** A student's room and the teacher's copy of it, every update of the one applied to the other. */
function rooms() {
  const student = new Y.Doc();
  const teacher = new Y.Doc();
  const sizes: number[] = [];
  student.on('update', (u: Uint8Array) => {
    sizes.push(u.byteLength);
    Y.applyUpdate(teacher, u);
  });
  return { student, teacher, sizes };
}

describe('a student’s weights in chunks', () => {
  it('arrive whole through the room, each chunk one message under the cap (a file of 2.5 MB, an MNIST MLP’s size)', async () => {
    const { student, teacher, sizes } = rooms();
    const file = bytesOf(2.5 * 2 ** 20);
    await writeAnswer(student, '*#1', { name: 'mnist.lensboard-model.json', bytes: file });
    expect(sizes.length).toBe(Math.ceil(file.byteLength / CHUNK_BYTES) + 1);
    expect(Math.max(...sizes)).toBeLessThan(STUDENT_CAP - 1024);
    const got = await readAnswer(teacher, '*#1');
    expect(got).toMatchObject({ ok: true, name: 'mnist.lensboard-model.json' });
    expect(same(got?.ok && got.bytes, file)).toBe(true);
    // Another request's answer is not this one's.
    expect(await readAnswer(teacher, '*#2')).toBeNull();
  });

  it('any file splits and reassembles to itself; a smaller second answer leaves no chunk of the first', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 3 * CHUNK_BYTES + 5 }),
        fc.integer({ min: 1, max: CHUNK_BYTES * 2 }),
        async (a, b) => {
          const { student, teacher } = rooms();
          await writeAnswer(student, 'x#1', { name: 'a', bytes: bytesOf(a, 1) });
          await writeAnswer(student, 'x#2', { name: 'b', bytes: bytesOf(b, 2) });
          const got = await readAnswer(teacher, 'x#2');
          expect(same(got?.ok && got.bytes, bytesOf(b, 2))).toBe(true);
          const keys = [...teacher.getMap(WEIGHTS_MAP).keys()].filter((k) => k !== 'meta');
          expect(keys.length).toBe(Math.ceil(b / CHUNK_BYTES));
        },
      ),
      { seed, numRuns: 8 },
    );
  });

  it('splits at the chunk size', () => {
    expect(splitBytes(bytesOf(2 * CHUNK_BYTES + 1)).map((c) => c.byteLength)).toEqual([CHUNK_BYTES, CHUNK_BYTES, 1]);
    expect(splitBytes(new Uint8Array(0))).toEqual([]);
  });

  it('a student with nothing to send says why', async () => {
    const { student, teacher } = rooms();
    await writeAnswer(student, 'id#3', { refused: 'no trained weights yet' });
    expect(await readAnswer(teacher, 'id#3')).toEqual({ ok: false, error: 'no trained weights yet' });
  });
});

describe('a malformed answer is refused, naming what is wrong', () => {
  const file = bytesOf(2 * CHUNK_BYTES + 10);
  const good = async () => ({
    asked: 'a#1',
    name: 'm.json',
    size: file.byteLength,
    chunks: 3,
    digest: await sha256Hex(file),
  });
  const chunks = splitBytes(file);

  it('a missing, short, long or non-binary chunk', async () => {
    const meta = await good();
    const cases: [(i: number) => unknown, string][] = [
      [(i) => (i === 1 ? undefined : chunks[i]), 'chunk 2 of 3 is missing'],
      [(i) => (i === 0 ? chunks[0].subarray(1) : chunks[i]), `chunk 1 of 3 has ${CHUNK_BYTES - 1} bytes`],
      [(i) => (i === 2 ? bytesOf(11) : chunks[i]), 'chunk 3 of 3 has 11 bytes, not 10'],
      [(i) => (i === 2 ? Array.from(chunks[2]) : chunks[i]), 'chunk 3 of 3 is missing'],
    ];
    for (const [at, error] of cases) {
      const r = await assemble(meta, at);
      expect(r.ok).toBe(false);
      expect(!r.ok && r.error).toContain(error);
    }
  });

  it('a chunk changed in transit fails the digest', async () => {
    const bad = chunks.map((c) => c.slice());
    bad[1][100] ^= 1;
    const r = await assemble(await good(), (i) => bad[i]);
    expect(r).toEqual({ ok: false, error: expect.stringContaining('digest does not match') });
  });

  it('a description that lies about the size, the count, the name or the digest', async () => {
    const meta = await good();
    const cases: [unknown, string][] = [
      [null, 'not an object'],
      [[], 'not an object'],
      [{ ...meta, asked: 3 }, 'names no request'],
      [{ ...meta, name: '' }, 'name is missing'],
      [{ ...meta, name: 'x'.repeat(500) }, 'longer than'],
      [{ ...meta, size: -1 }, 'size is not'],
      [{ ...meta, size: 1.5 }, 'size is not'],
      [{ ...meta, size: 2 ** 40 }, 'size is not'],
      [{ ...meta, chunks: 2 }, 'chunk count 2 does not fit'],
      [{ ...meta, chunks: MAX_CHUNKS + 1 }, 'does not fit'],
      [{ ...meta, digest: 'abc' }, 'not a SHA-256'],
      [{ ...meta, refused: 7 }, 'refusal is not a sentence'],
    ];
    for (const [m, error] of cases) {
      expect(readMeta(m)).toEqual(expect.stringContaining(error));
      const r = await assemble(m, (i) => chunks[i]);
      expect(!r.ok && r.error).toContain(error);
    }
  });

  it('refuses to send a file over the limit', async () => {
    const big = { byteLength: 65 * 2 ** 20 } as Uint8Array;
    await expect(writeAnswer(new Y.Doc(), 'a#1', { name: 'x', bytes: big })).rejects.toThrow(/at most/);
  });
});

describe('the latest request made of a student, as the class’s room keeps it', () => {
  it('is the later of their own ask and everyone’s, in any order of presses, on a fresh copy of the room', () => {
    const ids = ['a1', 'b2', 'c3'];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(EVERYONE, ...ids), { maxLength: 30 }), (presses) => {
        const doc = new Y.Doc();
        const asks = doc.getMap(ASK);
        const order = doc.getMap(ASK_ORDER);
        const last = new Map<string, string>();
        for (const key of presses) {
          const token = raiseAsk(asks, order, key);
          for (const id of key === EVERYONE ? ids : [key]) last.set(id, token);
        }
        // A page that reloads reads the room afresh.
        const copy = new Y.Doc();
        Y.applyUpdate(copy, Y.encodeStateAsUpdate(doc));
        for (const id of ids)
          expect(latestAsk(copy.getMap(ASK), copy.getMap(ASK_ORDER), id)).toBe(last.get(id) ?? null);
      }),
      { seed, numRuns: 50 },
    );
  });

  it('reads counts and orders that are not whole numbers as none', () => {
    const doc = new Y.Doc();
    const asks = doc.getMap(ASK);
    const order = doc.getMap(ASK_ORDER);
    asks.set('a1', 'three');
    expect(latestAsk(asks, order, 'a1')).toBeNull();
    asks.set('a1', 2);
    asks.set(EVERYONE, 1);
    order.set('a1', -4);
    order.set(EVERYONE, 1.5);
    // Neither order reads: everyone's ask, the one every student answers, is taken.
    expect(latestAsk(asks, order, 'a1')).toBe('*#1');
  });
});
