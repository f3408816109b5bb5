/**
 * UTF-8 checks of what arrives as bytes: bodies, and percent-encoded path segments and query
 * parameters. Decoders elsewhere replace bad bytes with U+FFFD, which would be stored as a
 * different text than the client sent; the server refuses instead (docs/spec-gaps.md).
 */

const encoder = new TextEncoder();
const strictDecoder = new TextDecoder('utf-8', { fatal: true });

/** The text of UTF-8 bytes (a leading byte-order mark dropped), or the offset of the first bad byte. */
export function decodeUtf8(bytes: Uint8Array): { text: string } | { badByteAt: number } {
  try {
    return { text: strictDecoder.decode(bytes) };
  } catch {
    return { badByteAt: firstBadByte(bytes) };
  }
}

/** Where the first byte that starts no valid UTF-8 sequence is (RFC 3629: no overlongs, no surrogates). */
function firstBadByte(bytes: Uint8Array): number {
  let at = 0;
  while (at < bytes.length) {
    const length = sequenceLength(bytes, at);
    if (length === 0) return at;
    at += length;
  }
  return bytes.length;
}

function sequenceLength(bytes: Uint8Array, at: number): number {
  const lead = bytes[at] ?? 0;
  if (lead < 0x80) return 1;
  // Second-byte ranges of RFC 3629's table keep out overlongs, surrogates and code points past U+10FFFF.
  let length: number;
  let low = 0x80;
  let high = 0xbf;
  if (lead >= 0xc2 && lead <= 0xdf) length = 2;
  else if (lead >= 0xe0 && lead <= 0xef) {
    length = 3;
    if (lead === 0xe0) low = 0xa0;
    if (lead === 0xed) high = 0x9f;
  } else if (lead >= 0xf0 && lead <= 0xf4) {
    length = 4;
    if (lead === 0xf0) low = 0x90;
    if (lead === 0xf4) high = 0x8f;
  } else return 0;
  for (let i = 1; i < length; i++) {
    const byte = bytes[at + i];
    if (byte === undefined) return 0;
    if (i === 1 ? byte < low || byte > high : byte < 0x80 || byte > 0xbf) return 0;
  }
  return length;
}

/** The bytes a percent-encoded URL part stands for (`+` is left as it is: it is ASCII either way). */
export function percentDecodedBytes(text: string): Uint8Array {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i);
    if (char === 0x25 && /^[0-9a-fA-F]{2}$/.test(text.slice(i + 1, i + 3))) {
      bytes.push(Number.parseInt(text.slice(i + 1, i + 3), 16));
      i += 2;
    } else if (char < 0x80) bytes.push(char);
    else {
      // A parsed URL holds only ASCII; anything else counts as the UTF-8 of its code point.
      const point = String.fromCodePoint(text.codePointAt(i) ?? 0xfffd);
      bytes.push(...encoder.encode(point));
      i += point.length - 1;
    }
  }
  return Uint8Array.from(bytes);
}

/** Whether a percent-encoded URL part decodes to valid UTF-8. */
export const isUtf8UrlPart = (text: string) => 'text' in decodeUtf8(percentDecodedBytes(text));
