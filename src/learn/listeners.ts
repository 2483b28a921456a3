/** A set of listeners of one kind of event: `on` returns the way to unsubscribe. */
export class Listeners<T> {
  private readonly set = new Set<(value: T) => void>();

  on = (f: (value: T) => void): (() => void) => {
    this.set.add(f);
    return () => this.set.delete(f);
  };

  get size(): number {
    return this.set.size;
  }

  emit(value: T): void {
    for (const f of this.set) f(value);
  }
}
