/** argon2id password hashing (needs --allow-ffi under Deno). */
import { hash, verify } from "@node-rs/argon2";

export type PasswordHasher = {
  hash(password: string): Promise<string>;
  verify(hash: string, password: string): Promise<boolean>;
};

type Argon2Cost = { memoryCost?: number; timeCost?: number };

/** argon2id; the defaults (m=19 MiB, t=2, p=1) follow OWASP guidance. Tests pass a lower cost. */
export function createArgon2Hasher(cost: Argon2Cost = {}): PasswordHasher {
  return {
    hash: (password) => hash(password, cost),
    verify: argon2Hasher.verify,
  };
}

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
