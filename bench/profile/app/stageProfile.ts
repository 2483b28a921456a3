/**
 * A CPU profile of the page's main thread over one stage of a suite (`npm run bench --
 * bigmodel-chromium --profile=<dir>`): written as `<dir>/<stage>.cpuprofile` (open it in
 * DevTools' Performance panel) and summarised by ../summarise.ts, the whole stage and then the
 * functions of its longest busy stretch (the page not idle for 5 ms or more), which is what the
 * stage's longest task ran.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CDPSession, Page } from '@playwright/test';
import { summarise } from '../summarise';

type Profile = Parameters<typeof summarise>[0];

/** The profile's longest stretch with no idle sample gap of 5 ms or more, as a profile of its own. */
export function longestBusy(profile: Profile): { ms: number; profile: Profile } {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  let best = { ms: 0, samples: [] as number[], timeDeltas: [] as number[] };
  let cur = { start: 0, end: 0, samples: [] as number[], timeDeltas: [] as number[] };
  let t = 0;
  let idleSince = 0;
  profile.samples.forEach((id, i) => {
    const dt = (profile.timeDeltas[i] ?? 0) / 1000;
    t += dt;
    if (byId.get(id)?.callFrame.functionName === '(idle)') {
      if (t - idleSince >= 5 && cur.samples.length > 0) {
        if (cur.end - cur.start > best.ms) best = { ms: cur.end - cur.start, ...cur };
        cur = { start: t, end: t, samples: [], timeDeltas: [] };
      }
      return;
    }
    idleSince = t;
    if (cur.samples.length === 0) cur.start = t;
    cur.end = t;
    cur.samples.push(id);
    cur.timeDeltas.push(profile.timeDeltas[i] ?? 0);
  });
  if (cur.end - cur.start > best.ms) best = { ms: cur.end - cur.start, ...cur };
  return { ms: best.ms, profile: { ...profile, samples: best.samples, timeDeltas: best.timeDeltas } };
}

export interface StageProfiler {
  /** Profiles `act`, writes and prints what it found under `name`. */
  around<T>(name: string, act: () => Promise<T>): Promise<T>;
}

export async function stageProfiler(page: Page, dir: string | undefined): Promise<StageProfiler> {
  if (dir === undefined) return { around: (_, act) => act() };
  const cdp: CDPSession = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 1000 });
  return {
    async around(name, act) {
      await cdp.send('Profiler.start');
      try {
        return await act();
      } finally {
        const { profile } = (await cdp.send('Profiler.stop')) as { profile: Profile };
        const file = join(dir, `${name.replace(/[^\w-]+/g, '-')}.cpuprofile`);
        writeFileSync(file, JSON.stringify(profile));
        const busy = longestBusy(profile);
        process.stderr.write(
          `\n=== ${name} (${file})\n${summarise(profile, 12)}\n--- its longest busy stretch, ${busy.ms.toFixed(0)} ms:\n${summarise(busy.profile, 12)}\n`,
        );
      }
    },
  };
}
