/** A set of listeners: each hears every event once, until it unsubscribes. */
import { describe, expect, it } from 'vitest';
import { Listeners } from './listeners';

describe('listeners', () => {
  it('hear each event in the order they subscribed, until they unsubscribe', () => {
    const l = new Listeners<number>();
    const heard: string[] = [];
    const offA = l.on((v) => heard.push(`a${v}`));
    l.on((v) => heard.push(`b${v}`));
    expect(l.size).toBe(2);
    l.emit(1);
    expect(offA()).toBe(true);
    expect(l.size).toBe(1);
    l.emit(2);
    expect(heard).toEqual(['a1', 'b1', 'b2']);
    expect(offA(), 'a second unsubscribe removes nothing').toBe(false);
    expect(l.size).toBe(1);
  });

  it('count one listener subscribed twice once', () => {
    const l = new Listeners<string>();
    const heard: string[] = [];
    const f = (v: string) => heard.push(v);
    l.on(f);
    l.on(f);
    expect(l.size).toBe(1);
    l.emit('x');
    expect(heard).toEqual(['x']);
  });
});
