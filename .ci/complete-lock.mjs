#!/usr/bin/env node
/**
 * npm 11 writes package-lock.json without the optional platform binaries of other
 * machines (deno's @deno/*, rollup's @rollup/rollup-*), and `npm ci` then refuses the
 * lock file as out of sync. This adds every missing optional dependency entry, read
 * from the registry (`npm view <name>@<version>`), so `npm ci` accepts the lock file on
 * any machine. Run it after every `npm install` that changes the lock file:
 *
 *   node .ci/complete-lock.mjs          # fixes package-lock.json in place
 *   node .ci/complete-lock.mjs --check  # exits 1 when entries are missing (CI)
 */
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";

const path = new URL("../package-lock.json", import.meta.url);
const lock = JSON.parse(readFileSync(path, "utf8"));
const packages = lock.packages;
const check = process.argv.includes("--check");

/** Where npm would look for `name` from the package at `parentKey` (node_modules resolution). */
function resolveKey(parentKey, name) {
  let base = parentKey;
  for (;;) {
    const key = `${base ? base + "/" : ""}node_modules/${name}`;
    if (packages[key]) return { key, found: true };
    if (!base) return { key: `node_modules/${name}`, found: false };
    const cut = base.lastIndexOf("/node_modules/");
    base = cut < 0 ? "" : base.slice(0, cut);
  }
}

const missing = [];
for (const [key, pkg] of Object.entries(packages)) {
  for (const [name, version] of Object.entries(pkg.optionalDependencies ?? {})) {
    const { key: target, found } = resolveKey(key, name);
    if (!found) missing.push({ target, name, version, parent: pkg });
  }
}

if (check) {
  for (const m of missing) console.error(`missing from package-lock.json: ${m.name}@${m.version}`);
  process.exit(missing.length ? 1 : 0);
}

for (const m of missing) {
  const meta = JSON.parse(execFileSync("npm", ["view", `${m.name}@${m.version}`, "--json"], { encoding: "utf8" }));
  const info = Array.isArray(meta) ? meta[meta.length - 1] : meta;
  const entry = { version: info.version, integrity: info.dist.integrity };
  if (info.cpu) entry.cpu = info.cpu;
  if (m.parent.dev) entry.dev = true;
  if (info.engines) entry.engines = info.engines;
  if (info.libc) entry.libc = info.libc;
  if (info.license) entry.license = info.license;
  entry.optional = true;
  if (info.os) entry.os = info.os;
  packages[m.target] = entry;
  console.log(`added ${m.target}@${info.version}`);
}

// npm keeps the packages sorted by path ("" first).
lock.packages = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a < b ? -1 : a > b ? 1 : 0)),
);
writeFileSync(path, JSON.stringify(lock, null, 2) + "\n");
console.log(`${missing.length} optional entries added`);
