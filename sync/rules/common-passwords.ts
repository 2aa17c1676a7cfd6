/**
 * Common and breached passwords (NIST SP 800-63B §3.1.1.2: a new password is
 * checked against a list of values known to be commonly used or compromised).
 *
 * Source: the ranked `passwords` list of @zxcvbn-ts/language-common (MIT),
 * 49k passwords from breach corpora. Every client checks the most common
 * ones shipped in this bundle (`common-passwords-top.ts`, generated); the
 * server also registers the full list at start-up (`useFullCommonPasswordList`),
 * so the same schema refuses the rest there. Compared case-insensitively.
 */
import { TOP_COMMON_PASSWORDS } from "./common-passwords-top.ts";

export const COMMON_PASSWORD_MESSAGE =
  "This password is too common: it appears in lists of leaked passwords. Choose a less predictable one.";

const top = new Set(TOP_COMMON_PASSWORDS);
let full: ReadonlySet<string> | null = null;

/** The server registers the whole list (lower-case entries) once it is loaded. */
export function useFullCommonPasswordList(list: Iterable<string>): void {
  full = new Set(Array.from(list, (p) => p.toLowerCase()));
}

export function isCommonPassword(password: string): boolean {
  const key = password.toLowerCase();
  return top.has(key) || (full?.has(key) ?? false);
}
