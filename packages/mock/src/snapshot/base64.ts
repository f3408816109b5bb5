/**
 * Base64 of a snapshot's database (a few hundred kilobytes): the runtime's own codec where there is
 * one (`Uint8Array.prototype.toBase64` in recent browsers, `Buffer` in Node, Bun and Deno), else
 * `btoa`/`atob` by chunks.
 */

interface NativeBase64 {
  toBase64?: () => string;
}
interface NativeBase64Static {
  fromBase64?: (text: string) => Uint8Array;
}
interface BufferLike {
  from(value: ArrayBufferLike, offset: number, length: number): { toString(encoding: 'base64'): string };
  from(value: string, encoding: 'base64'): Uint8Array;
}

const nodeBuffer = (globalThis as { Buffer?: BufferLike }).Buffer;
const CHUNK = 0x8000;

export function toBase64(bytes: Uint8Array): string {
  const native = bytes as Uint8Array & NativeBase64;
  if (typeof native.toBase64 === 'function') return native.toBase64();
  if (nodeBuffer) return nodeBuffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
  let binary = '';
  for (let start = 0; start < bytes.length; start += CHUNK)
    binary += String.fromCharCode(...bytes.subarray(start, start + CHUNK));
  return btoa(binary);
}

/**
 * Standard base64 with padding; undefined for any other text. Node's `Buffer` skips characters that
 * are not base64 instead of failing: one it skipped shows as a shorter result than the text's length
 * promises (cheaper than testing a pattern over half a megabyte of text first).
 */
export function fromBase64(text: string): Uint8Array | undefined {
  if (text.length % 4 !== 0) return undefined;
  const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  const expected = (text.length / 4) * 3 - padding;
  const native = Uint8Array as unknown as NativeBase64Static;
  try {
    let bytes: Uint8Array;
    if (typeof native.fromBase64 === 'function') bytes = native.fromBase64(text);
    else if (nodeBuffer) {
      const decoded = nodeBuffer.from(text, 'base64');
      bytes = new Uint8Array(decoded.buffer, decoded.byteOffset, decoded.byteLength);
    } else {
      const binary = atob(text);
      bytes = new Uint8Array(binary.length);
      for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    }
    return bytes.length === expected ? bytes : undefined;
  } catch {
    return undefined;
  }
}
