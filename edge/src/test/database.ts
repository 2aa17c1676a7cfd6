/**
 * A throwaway database for one test file: a fresh database on the PostgreSQL
 * at TEST_DATABASE_URL (default: the local server as postgres), or in-memory
 * PGlite when no server answers — said once on stderr.
 */
import postgres from "postgres";
import { connectPostgres, type Database, startPglite } from "../db/connect.ts";
import { migrate } from "../db/migrate.ts";

const DEFAULT_URL = "postgres://postgres@127.0.0.1:5432/postgres";
let warned = false;

/** A test database; `url` is set when it is a server database other processes can open too. */
export type TestDatabase = Database & { url: string | null };

/** A migrated in-memory PGlite, for tests that must run on it whether or not a PostgreSQL answers. */
export async function createPgliteDatabase(): Promise<Database> {
  const db = await startPglite(null);
  await migrate(db.sql);
  return db;
}

/** Both databases the edge runs on, by name, for contract tests that run the same steps on each. */
export const DATABASE_BACKENDS: [string, () => Promise<Database>][] = [
  ["postgres", createTestDatabase],
  ["pglite", createPgliteDatabase],
];

export async function createTestDatabase(): Promise<TestDatabase> {
  const url = Deno.env.get("TEST_DATABASE_URL") ?? DEFAULT_URL;
  const admin = postgres(url, { max: 1, onnotice: () => {}, connect_timeout: 3 });
  let database: TestDatabase;
  try {
    const name = `test_${crypto.randomUUID().replaceAll("-", "").slice(0, 16)}`;
    await admin.unsafe(`create database ${name}`);
    const target = new URL(url);
    target.pathname = `/${name}`;
    const inner = connectPostgres(target.toString(), 5);
    database = {
      ...inner,
      url: target.toString(),
      async close() {
        await inner.close();
        await admin.unsafe(`drop database if exists ${name} with (force)`);
        await admin.end();
      },
    };
  } catch (e) {
    await admin.end().catch(() => {});
    if (Deno.env.get("TEST_DATABASE_URL")) throw e;
    if (!warned) {
      console.error("note: no PostgreSQL at the default address; these tests run on PGlite");
      warned = true;
    }
    database = { ...(await startPglite(null)), url: null };
  }
  await migrate(database.sql);
  return database;
}
