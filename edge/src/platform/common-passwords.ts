/**
 * Loads the full common-password list shipped in @zxcvbn-ts/language-common
 * (MIT) and registers it with the shared password schema (sync/rules/
 * common-passwords.ts): clients check the most common ones, the server all.
 * Read from the package's file once per process (about 0.5 MB, 49k entries).
 */
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { useFullCommonPasswordList } from "../../../sync/rules/common-passwords.ts";

let loading: Promise<number> | null = null;

/** Resolves to the number of passwords registered; later calls share the first load. */
export function loadCommonPasswords(): Promise<number> {
  loading ??= (async () => {
    const require = createRequire(import.meta.url);
    const manifest = require.resolve("@zxcvbn-ts/language-common/package.json");
    const list: unknown = JSON.parse(await readFile(manifest.replace(/package\.json$/, "src/passwords.json"), "utf8"));
    if (!Array.isArray(list) || list.length < 10_000 || !list.every((p) => typeof p === "string")) {
      throw new Error("The common-password list of @zxcvbn-ts/language-common is missing or malformed");
    }
    useFullCommonPasswordList(list as string[]);
    return list.length;
  })();
  return loading;
}
