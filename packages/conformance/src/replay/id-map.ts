/**
 * Identifiers the recording's answers created, mapped to the ones the replay's answers gave: the
 * recorded "workspace 812" is the replay's "workspace 3" from the answer that created it on. Keyed
 * by kind and value (a number and its decimal text are one key: path parameters arrive as text),
 * so a workspace 3 and a dimension 3 map apart; an identifier of no known kind (`identifier-kinds.ts`)
 * is keyed by value alone.
 */
export class IdentifierMap {
  readonly #replayOf = new Map<string, string | number>();

  /** Learns recorded -> replayed; the first answer that shows a recorded identifier decides. */
  learn(recorded: unknown, replayed: unknown, kind?: string): void {
    if (!isIdentifier(recorded) || !isIdentifier(replayed)) return;
    const key = keyOf(recorded, kind);
    if (!this.#replayOf.has(key)) this.#replayOf.set(key, replayed);
  }

  /**
   * The replay's identifier for a recorded one (the value itself when none was learned). With a
   * kind, that kind's mapping; then one learned without a kind; then one every kind agrees on
   * (an integer whose kind the route table does not tell).
   */
  map<T>(recorded: T, kind?: string): T | string | number {
    if (!isIdentifier(recorded)) return recorded;
    const replayed =
      (kind === undefined ? undefined : this.#replayOf.get(keyOf(recorded, kind))) ??
      this.#replayOf.get(keyOf(recorded, undefined)) ??
      (kind === undefined ? this.#agreed(String(recorded)) : undefined);
    if (replayed === undefined) return recorded;
    return typeof recorded === 'number' ? Number(replayed) : String(replayed);
  }

  /**
   * A recorded text with the whole-number identifiers in it mapped: a generated name
   * ("Workspace 812") compares with the replay's ("Workspace 3"). `kind` says whose identifiers a
   * text holds (the kind of the object it belongs to); without it, or when that kind has no
   * mapping for a number, a mapping every kind agrees on.
   */
  mapText(text: string, kind?: string): string {
    return text.replace(/\b\d+\b/g, (digits) => {
      const own = kind === undefined ? undefined : this.#replayOf.get(keyOf(digits, kind));
      const replayed = own ?? this.#agreed(digits);
      return typeof replayed === 'number' ? String(replayed) : digits;
    });
  }

  #agreed(digits: string): string | number | undefined {
    const values = new Set<string | number>();
    for (const [key, value] of this.#replayOf) {
      if (key === digits || key.endsWith(` ${digits}`)) values.add(value);
    }
    const [only] = values;
    return values.size === 1 ? only : undefined;
  }

  get size(): number {
    return this.#replayOf.size;
  }
}

/** Callers give a kind for integer identifiers only (text ones are unique across kinds). */
const keyOf = (value: string | number, kind: string | undefined) =>
  kind === undefined ? String(value) : `${kind} ${value}`;

const isIdentifier = (value: unknown): value is string | number =>
  (typeof value === 'number' && Number.isInteger(value)) || (typeof value === 'string' && value !== '');
