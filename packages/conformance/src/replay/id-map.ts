/**
 * Identifiers the recording's answers created, mapped to the ones the replay's answers gave: the
 * recorded "workspace 812" is the replay's "workspace 3" from the answer that created it on. Keyed
 * by value (a number and its decimal text are one key: path parameters arrive as text).
 */
export class IdentifierMap {
  readonly #replayOf = new Map<string, string | number>();

  /** Learns recorded -> replayed; the first answer that shows a recorded identifier decides. */
  learn(recorded: unknown, replayed: unknown): void {
    if (!isIdentifier(recorded) || !isIdentifier(replayed)) return;
    const key = String(recorded);
    if (!this.#replayOf.has(key)) this.#replayOf.set(key, replayed);
  }

  /** The replay's identifier for a recorded one (the value itself when none was learned). */
  map<T>(recorded: T): T | string | number {
    if (!isIdentifier(recorded)) return recorded;
    const replayed = this.#replayOf.get(String(recorded));
    if (replayed === undefined) return recorded;
    return typeof recorded === 'number' ? Number(replayed) : String(replayed);
  }

  /**
   * A recorded text with the whole-number identifiers in it mapped: a generated name
   * ("Workspace 812") compares with the replay's ("Workspace 3").
   */
  mapText(text: string): string {
    return text.replace(/\b\d+\b/g, (digits) => {
      const replayed = this.#replayOf.get(digits);
      return typeof replayed === 'number' ? String(replayed) : digits;
    });
  }

  get size(): number {
    return this.#replayOf.size;
  }
}

const isIdentifier = (value: unknown): value is string | number =>
  (typeof value === 'number' && Number.isInteger(value)) || (typeof value === 'string' && value !== '');
