/**
 * One code path to the database: postgres.js talks either to a real
 * PostgreSQL (DATABASE_URL) or to embedded PGlite served over its socket
 * server, so SQL, transactions and types behave the same.
 */
import postgres from "postgres";

export type Sql = postgres.Sql;
/** The pool or a transaction: what a repo function that may run inside either takes. */
export type Queryable = postgres.ISql;
/** A piece of SQL built with the tagged template, for composing queries. */
export type Fragment = postgres.Fragment;

export type Database = {
  sql: Sql;
  kind: "postgres" | "pglite";
  close(): Promise<void>;
};

const common = {
  onnotice: () => {},
  // A database that is down is told in seconds (a 503 with Retry-After), not after the driver's 30 s default.
  connect_timeout: 5,
  transform: { undefined: null },
  connection: { TimeZone: "UTC" },
} as const;

export function connectPostgres(url: string, max = 10): Database {
  const sql = postgres(url, { ...common, max });
  return { sql, kind: "postgres", close: () => sql.end({ timeout: 5 }) };
}

/** Starts PGlite with its files in `dataDir` (or in memory when null). */
export async function startPglite(dataDir: string | null): Promise<Database> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { PGLiteSocketServer } = await import("@electric-sql/pglite-socket");
  if (dataDir) await Deno.mkdir(dataDir, { recursive: true });
  const db = await PGlite.create(dataDir ?? undefined);
  const server = new PGLiteSocketServer({ db, port: 0, host: "127.0.0.1" });
  await server.start();
  const port = Number(String(server.getServerConn()).split(":").pop());
  // PGlite is one session: one connection keeps transactions from interleaving.
  const sql = postgres({ ...common, host: "127.0.0.1", port, user: "postgres", database: "postgres", max: 1 });
  return {
    sql,
    kind: "pglite",
    async close() {
      await sql.end({ timeout: 5 });
      await server.stop();
      await db.close();
    },
  };
}
