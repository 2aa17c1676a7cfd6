/**
 * Macros (02 §3 "Macro", §7 "Macros", §8 'Shortcut already exists'): a
 * shortcut and its text per doctor, shared with the VMAs acting for them.
 * Rows live in the synced `macros` table (pull-only on devices, so a shortcut
 * expands offline); this API is the only writer. Placeholders are filled by
 * sync/rules/macro-text.ts, here for `dropdown/list {patientId}` and on devices.
 */
import type { Actor } from "../../access/actor.ts";
import type { Deps, RequestMeta } from "../../deps.ts";
import type { Queryable } from "../../db/connect.ts";
import { conflict, notFound } from "../../http/errors.ts";
import { fillMacro } from "../../../../sync/rules/macro-text.ts";
import { type MacroCreateInput, type MacroOption, type MacroView, SHORTCUT_EXISTS } from "../../../../sync/schemas/team.ts";
import type { SyncWriter } from "../sync/writer.ts";
import { practiceOf, practicePatient, UUID } from "./practice.ts";

type Row = { id: string; shortcut: string; text: string; created_by: string };
const toView = (r: Row): MacroView => ({ id: r.id, shortcut: r.shortcut, text: r.text, createdBy: r.created_by });

export function createMacrosService(deps: Pick<Deps, "sql" | "clock" | "audit"> & { write: SyncWriter }) {
  const { sql, clock, audit, write } = deps;

  async function macroOf(practiceId: string, id: string): Promise<Row> {
    if (!UUID.test(id)) throw notFound("Macro not found");
    const [row] = await sql<Row[]>`select id, shortcut, text, created_by from macros
      where id = ${id} and practice_id = ${practiceId} and not deleted`;
    if (!row) throw notFound("Macro not found");
    return row;
  }

  /** Inside the write's transaction (`q` = its tx): PGlite runs one transaction at a time. */
  async function shortcutTaken(q: Queryable, practiceId: string, shortcut: string, exceptId: string | null) {
    const [row] = await q`select 1 from macros where practice_id = ${practiceId} and lower(shortcut) = lower(${shortcut})
      and not deleted and id is distinct from ${exceptId}`;
    return Boolean(row);
  }
  const taken = () => conflict(SHORTCUT_EXISTS, "SHORTCUT_EXISTS");

  return {
    async create(actor: Actor, input: MacroCreateInput, meta: RequestMeta): Promise<MacroView> {
      const practiceId = practiceOf(actor);
      const id = crypto.randomUUID();
      const doc = { id, practiceId, shortcut: input.shortcut, text: input.text, createdBy: actor.userId, _deleted: false };
      await write(["macros"], async (w) => {
        // Under the collection's lock: two creates of one shortcut cannot both pass.
        if (await shortcutTaken(w.tx, practiceId, input.shortcut, null)) throw taken();
        await w.insert("macros", doc, Object.keys(doc));
      });
      await audit.record({ event: "macro.write", actorId: actor.userId, address: meta.address, details: { what: "macro.create", macroId: id } });
      return toView(await macroOf(practiceId, id));
    },

    async edit(actor: Actor, id: string, input: MacroCreateInput, meta: RequestMeta): Promise<MacroView> {
      const practiceId = practiceOf(actor);
      await macroOf(practiceId, id);
      await write(["macros"], async (w) => {
        if (await shortcutTaken(w.tx, practiceId, input.shortcut, id)) throw taken();
        await w.update("macros", id, input, ["shortcut", "text"]);
      });
      await audit.record({ event: "macro.write", actorId: actor.userId, address: meta.address, details: { what: "macro.edit", macroId: id } });
      return toView(await macroOf(practiceId, id));
    },

    /** `GET /doctorMacros/list`: the practice's macros by shortcut. */
    async list(actor: Actor): Promise<MacroView[]> {
      const rows = await sql<Row[]>`select id, shortcut, text, created_by from macros
        where practice_id = ${practiceOf(actor)} and not deleted order by lower(shortcut), id`;
      return rows.map(toView);
    },

    /** `GET /doctorMacros/dropdown/list {search, patientId}`: matching macros with their placeholders filled. */
    async dropdown(actor: Actor, o: { search?: string; patientId?: string }): Promise<MacroOption[]> {
      const practiceId = practiceOf(actor);
      const patient = o.patientId ? await practicePatient(sql, practiceId, o.patientId) : null;
      const [doctor] = await sql<{ first_name: string; last_name: string }[]>`select first_name, last_name from users where id = ${practiceId}`;
      const like = o.search ? `%${o.search.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%` : null;
      const rows = await sql<Row[]>`select id, shortcut, text, created_by from macros
        where practice_id = ${practiceId} and not deleted
          ${like ? sql`and (shortcut ilike ${like} or text ilike ${like})` : sql``}
        order by lower(shortcut), id limit 50`;
      const ctx = {
        patient: patient ? { firstName: patient.first_name, lastName: patient.last_name, birthDate: patient.birth_date } : null,
        doctor: doctor ? { firstName: doctor.first_name, lastName: doctor.last_name } : null,
        today: clock.now(),
      };
      return rows.map((r) => ({ id: r.id, shortcut: r.shortcut, text: fillMacro(r.text, ctx) }));
    },

    async remove(actor: Actor, id: string, meta: RequestMeta) {
      const practiceId = practiceOf(actor);
      await macroOf(practiceId, id);
      await write(["macros"], (w) => w.update("macros", id, { _deleted: true }, ["_deleted"]));
      await audit.record({ event: "macro.write", actorId: actor.userId, address: meta.address, details: { what: "macro.delete", macroId: id } });
      return { deleted: true };
    },
  };
}
export type MacrosService = ReturnType<typeof createMacrosService>;
