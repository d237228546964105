/**
 * A cache of values made from text, bounded by the characters of their keys (what a value
 * holds grows with its text): the oldest go first once over the budget. A hit does not move
 * an entry (that cost a twentieth of a warm export, for thousands of hits).
 */
export class TextCache<V> {
  private readonly entries = new Map<string, V>();
  private chars = 0;

  constructor(private readonly budgetChars: number) {}

  get(key: string): V | undefined {
    return this.entries.get(key);
  }

  set(key: string, value: V): V {
    if (!this.entries.has(key)) this.chars += key.length;
    this.entries.set(key, value);
    for (const [oldest] of this.entries) {
      if (this.chars <= this.budgetChars) break;
      this.entries.delete(oldest);
      this.chars -= oldest.length;
    }
    return value;
  }
}
