import { describe, expect, it } from 'vitest';
import { sha256Hex } from './digest';

const webCrypto = async (text: string) =>
  Buffer.from(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))).toString('hex');

// Node's own hash is used where the runtime has it, Web Crypto elsewhere: both must agree.
describe('sha256Hex', () => {
  it.each([
    ['', 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'],
    ['abc', 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'],
  ])('gives the standard digest of %j', async (text, expected) => {
    expect(await sha256Hex(text)).toBe(expected);
  });

  it.each(['é💩', '{"b":1,"a":[null,"\\u0000"]}', 'x'.repeat(100_000)])(
    'hashes %j as UTF-8, as Web Crypto does',
    async (text) => {
      expect(await sha256Hex(text)).toBe(await webCrypto(text));
    },
  );
});
