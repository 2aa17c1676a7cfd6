/** argon2id password hashing (needs --allow-ffi under Deno). */
import { hash, verify } from "@node-rs/argon2";

export type PasswordHasher = {
  hash(password: string): Promise<string>;
  verify(hash: string, password: string): Promise<boolean>;
};

// argon2id with the library's defaults (m=19 MiB, t=2, p=1), per OWASP guidance.
export const argon2Hasher: PasswordHasher = {
  hash: (password) => hash(password),
  async verify(stored, password) {
    try {
      return await verify(stored, password);
    } catch {
      return false;
    }
  },
};
