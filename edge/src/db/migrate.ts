/** Applies the SQL files of edge/migrations in name order, each once, each in a transaction. */
import type { Sql } from "./connect.ts";

const MIGRATIONS_DIR = new URL("../../migrations/", import.meta.url);

export async function migrate(sql: Sql): Promise<string[]> {
  await sql`create table if not exists schema_migrations (
    name text primary key,
    applied_at timestamptz not null default now()
  )`;
  const files: string[] = [];
  for await (const entry of Deno.readDir(MIGRATIONS_DIR)) {
    if (entry.isFile && entry.name.endsWith(".sql")) files.push(entry.name);
  }
  files.sort();
  const done = new Set((await sql<{ name: string }[]>`select name from schema_migrations`).map((r) => r.name));
  const applied: string[] = [];
  for (const name of files) {
    if (done.has(name)) continue;
    const text = await Deno.readTextFile(new URL(name, MIGRATIONS_DIR));
    await sql.begin(async (tx) => {
      await tx.unsafe(text);
      await tx`insert into schema_migrations (name) values (${name})`;
    });
    applied.push(name);
  }
  return applied;
}
