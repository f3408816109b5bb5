/**
 * Password hashing is injected: Node uses scrypt (node/passwords.ts); the in-browser mock uses
 * PBKDF2 from Web Crypto. Hashes are self-describing strings, never returned or logged.
 */
export interface PasswordHasher {
  /** `signal`: the request's; a hash still waiting for its turn is dropped when it aborts. */
  hash(password: string, signal?: AbortSignal): Promise<string>;
  verify(password: string, hash: string): Promise<boolean>;
}
