/**
 * The class server's rates (docs/class.md#limits): a token bucket per connection for its
 * messages, and a count of refused connections per address, so that a class code or a key
 * cannot be guessed in useful time. Time is passed in, so the rules are tested without waiting.
 */

/** `burst` messages at once, then `perSecond` on average. */
export class TokenBucket {
  private tokens: number;
  private last: number;
  constructor(
    private readonly burst: number,
    private readonly perSecond: number,
    now: number,
  ) {
    this.tokens = burst;
    this.last = now;
  }

  /** Takes one token if there is one. */
  take(now: number): boolean {
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.last) / 1000) * this.perSecond);
    this.last = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}

/**
 * At most `limit` refusals per address in a window of `windowMs`; past it, the address is
 * refused everything until the window ends. A school behind one address makes many good
 * connections, which are not counted: only failures are.
 */
export class FailureLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();
  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  private window(address: string, now: number) {
    const w = this.windows.get(address);
    if (w && now - w.start < this.windowMs) return w;
    if (this.windows.size > 10_000) this.windows.clear();
    const fresh = { start: now, count: 0 };
    this.windows.set(address, fresh);
    return fresh;
  }

  blocked(address: string, now: number): boolean {
    return this.window(address, now).count >= this.limit;
  }

  fail(address: string, now: number): void {
    this.window(address, now).count += 1;
  }
}
