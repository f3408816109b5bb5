/**
 * Success `data` a handler already holds as JSON text: the route splices it into the envelope
 * instead of serialising objects again. The text must be exactly `JSON.stringify` of a value of
 * type `T` (lists built from cached item text, sql/object-list-text.ts); with response
 * validation on, the route parses it back and checks it against the contract like any answer.
 */
export class SerializedJson<T> {
  /** Only ties the text to its type for the compiler; never set. */
  declare readonly value?: T;

  constructor(readonly text: string) {}
}

/** `{"errcode":..,"errmsg":..,"data":<text>}`, byte for byte what `JSON.stringify` gives for the parsed data. */
export function envelopeText(errcode: number, errmsg: string, data: SerializedJson<unknown>): string {
  return `${envelopeStart(errcode, errmsg)}${data.text}}`;
}

let lastStart: { errcode: number; errmsg: string; text: string } | undefined;

/** `{"errcode":..,"errmsg":..,"data":`, made once for the envelope every success shares. */
function envelopeStart(errcode: number, errmsg: string): string {
  if (lastStart?.errcode !== errcode || lastStart.errmsg !== errmsg) {
    lastStart = { errcode, errmsg, text: `${JSON.stringify({ errcode, errmsg }).slice(0, -1)},"data":` };
  }
  return lastStart.text;
}
