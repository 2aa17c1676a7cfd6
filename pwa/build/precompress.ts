/**
 * A Vite plugin that writes a brotli (`.br`) and a gzip (`.gz`) copy beside every compressible file of the
 * build, once, at build time: the edge serves them by `Accept-Encoding` (edge/src/static.ts) instead of
 * compressing on every request. Files smaller than a packet gain nothing and are left alone.
 */
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { Plugin } from "vite";

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|map)$/;
const MIN_BYTES = 1024;
const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

export function precompress(): Plugin {
  return {
    name: "dpc-precompress",
    apply: "build",
    enforce: "post",
    async writeBundle(options, bundle) {
      const dir = options.dir;
      if (!dir) return;
      const files = Object.keys(bundle).filter((name) => COMPRESSIBLE.test(name));
      await Promise.all(files.map((name) => compressFile(join(dir, name))));
    },
  };
}

/** Writes `<file>.br` and `<file>.gz` when the file is big enough and compression makes it smaller. */
export async function compressFile(path: string): Promise<void> {
  const raw = await readFile(path);
  if (raw.byteLength < MIN_BYTES) return;
  const [br, gzipped] = await Promise.all([
    brotli(raw, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: raw.byteLength,
      },
    }),
    gz(raw, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  if (br.byteLength < raw.byteLength) await writeFile(`${path}.br`, br);
  if (gzipped.byteLength < raw.byteLength) await writeFile(`${path}.gz`, gzipped);
}
