/**
 * Success `data` a handler already holds as JSON text: the route splices it into the envelope
 * (`successEnvelopeText` of the contract) instead of serialising objects again. The text must be exactly `JSON.stringify` of a value of
 * type `T` (lists built from cached item text, sql/object-list-text.ts); with response
 * validation on, the route parses it back and checks it against the contract like any answer.
 */
export class SerializedJson<T> {
  /** Only ties the text to its type for the compiler; never set. */
  declare readonly value?: T;

  constructor(readonly text: string) {}
}
