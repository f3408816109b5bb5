/**
 * Password hashing is injected: Node uses scrypt (node/passwords.ts); the in-browser mock uses
 * PBKDF2 from Web Crypto. Hashes are self-describing strings, never returned or logged.
 */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(password: string, hash: string): Promise<boolean>;
}
