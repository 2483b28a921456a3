import { describe, expect, it } from 'vitest';
import { type TabChannel, watchOtherTabs } from './otherTabs';

/** In-memory channels of one name: a message reaches every other open channel, as BroadcastChannel does. */
function hub() {
  const open = new Set<TabChannel>();
  const queue: (() => void)[] = [];
  const make = (): TabChannel => {
    const ch: TabChannel = {
      onmessage: null,
      postMessage(m) {
        for (const other of open) if (other !== ch) queue.push(() => other.onmessage?.({ data: m }));
      },
      close: () => void open.delete(ch),
    };
    open.add(ch);
    return ch;
  };
  /** Delivers messages until none are left (they are asynchronous in a browser). */
  const deliver = () => {
    while (queue.length > 0) queue.shift()?.();
  };
  return { make, deliver, open };
}

describe('other tabs', () => {
  it('two tabs find each other whichever opens first, and forget a tab that leaves', () => {
    const h = hub();
    const seenA: number[] = [];
    const seenB: number[] = [];
    const stopA = watchOtherTabs((n) => seenA.push(n), { open: h.make, tab: 'a', events: new EventTarget() });
    h.deliver();
    expect(seenA).toEqual([]);
    const pagehideB = new EventTarget();
    watchOtherTabs((n) => seenB.push(n), { open: h.make, tab: 'b', events: pagehideB });
    h.deliver();
    expect(seenA).toEqual([1]);
    expect(seenB).toEqual([1]);
    pagehideB.dispatchEvent(new Event('pagehide'));
    h.deliver();
    expect(seenA).toEqual([1, 0]);
    expect(h.open.size).toBe(1);
    stopA();
    expect(h.open.size).toBe(0);
  });

  it('ignores its own echo and anything that is not a tab message', () => {
    const h = hub();
    const seen: number[] = [];
    watchOtherTabs((n) => seen.push(n), { open: h.make, tab: 'a', events: new EventTarget() });
    const stranger = h.make();
    stranger.postMessage({ type: 'hello', tab: 'a' } as never);
    for (const junk of [null, 'hello', { type: 'hello' }, { type: 'wave', tab: 'x' }])
      for (const ch of h.open) if (ch !== stranger) ch.onmessage?.({ data: junk });
    h.deliver();
    expect(seen).toEqual([]);
  });

  it('does nothing where the browser has no BroadcastChannel', () => {
    const seen: number[] = [];
    const stop = watchOtherTabs((n) => seen.push(n), { open: () => null });
    stop();
    expect(seen).toEqual([]);
  });
});
