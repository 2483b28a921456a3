/** `tsx bench/profile/core/matmul.ts`: the typed kernel's matmul cases on the MNIST MLP's shapes (µs, CPU time, best of rounds). */
import { Arena } from '../../../src/engines/arena';
import { TypedKernel } from '../../../src/engines/typedKernel';

const cpu = () => {
  const u = process.cpuUsage();
  return u.user + u.system;
};
function best(f: () => void, rounds = 7): number {
  f();
  let b = Infinity;
  for (let r = 0; r < rounds; r++) {
    const c0 = cpu();
    let n = 0;
    const t0 = performance.now();
    while (performance.now() - t0 < 60 || n < 2) {
      f();
      n++;
    }
    b = Math.min(b, (cpu() - c0) / n);
  }
  return b;
}
const k = new TypedKernel(new Arena('float32'));
const t = (shape: number[]) => ({
  shape,
  data: Float32Array.from({ length: shape[0] * shape[1] }, (_, i) => Math.sin(i)),
});
for (const B of [1, 32, 256]) {
  const x = t([B, 784]);
  const W = t([784, 128]);
  const d = t([B, 128]);
  const cases: [string, () => void][] = [
    ['x·W (linear)', () => k.matmul(x, W, false, false)],
    ['xᵀ·d (outer)', () => k.matmul(x, d, true, false)],
    ['d·Wᵀ (linearT)', () => k.matmul(d, W, false, true)],
  ];
  console.log(
    `B=${B}: ${cases
      .map(
        ([name, f]) =>
          `${name} ${best(() => {
            k.arena.reset();
            f();
          }).toFixed(0)} µs`,
      )
      .join(' · ')}`,
  );
}
