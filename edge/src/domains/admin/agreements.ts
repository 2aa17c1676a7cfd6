/**
 * The platform's agreements (02 §3: title, visible, required, signup
 * placement, footer, status, date) with an optional PDF (pdf only, bytes in
 * `blobs`). Published visible ones are public at `/agreement/{name}`. A user's
 * acceptance is recorded with the version and date (`user_agreements`);
 * raising the version of a published required agreement makes
 * `GET /agreements/pending` list it for every signed-in user until they
 * accept it again (`POST /agreements/accept`).
 */
import type { Actor } from "../../access/actor.ts";
import type { Deps, RequestMeta } from "../../deps.ts";
import { badRequest, notFound } from "../../http/errors.ts";
import { checkFile } from "../../../../sync/files.ts";
import type { AgreementInput, AgreementView } from "../../../../sync/schemas/admin.ts";

export const AGREEMENT_PDF_MAX_BYTES = 20 * 1024 * 1024;

type Row = {
  name: string; title: string; body: string; visible: boolean; required: boolean; signup_placement: boolean; footer: boolean;
  status: AgreementView["status"]; effective_date: string; version: number; pdf_blob_id: string | null; updated_at: Date;
};
const toView = (r: Row): AgreementView => ({
  name: r.name, title: r.title, body: r.body, visible: r.visible, required: r.required, signupPlacement: r.signup_placement,
  footer: r.footer, status: r.status, date: r.effective_date, version: r.version, hasPdf: !!r.pdf_blob_id,
  updatedAt: r.updated_at.toISOString(),
});
const COLUMNS = "name, title, body, visible, required, signup_placement, footer, status, effective_date::text as effective_date, version, pdf_blob_id, updated_at";

export function createAgreementsService(deps: Pick<Deps, "sql" | "clock" | "audit" | "blobs">) {
  const { sql, clock, audit, blobs } = deps;
  const cols = sql.unsafe(COLUMNS);

  async function row(name: string): Promise<Row | null> {
    const [r] = await sql<Row[]>`select ${cols} from agreements where name = ${name}`;
    return r ?? null;
  }
  const isPublic = (r: Row) => r.visible && r.status === "published";

  return {
    async listAll() {
      return (await sql<Row[]>`select ${cols} from agreements order by title, name`).map(toView);
    },

    /** Published visible agreements; `signup` keeps those placed on the sign-up form, `footer` those in the footer. */
    async listPublic(placement: "signup" | "footer" | "all") {
      const rows = await sql<Row[]>`select ${cols} from agreements where visible and status = 'published'
        and (${placement} = 'all' or (${placement} = 'signup' and signup_placement) or (${placement} = 'footer' and footer))
        order by title, name`;
      return rows.map(toView);
    },

    async get(actor: Actor | null, name: string) {
      const r = await row(name);
      if (!r || (!isPublic(r) && actor?.role !== "admin")) throw notFound("Agreement not found");
      return toView(r);
    },

    async pdf(actor: Actor | null, name: string) {
      const r = await row(name);
      if (!r || !r.pdf_blob_id || (!isPublic(r) && actor?.role !== "admin")) throw notFound("Agreement not found");
      const blob = await blobs.get(r.pdf_blob_id);
      if (!blob) throw notFound("Agreement not found");
      return blob;
    },

    async save(actor: Actor, input: AgreementInput, file: File | undefined, meta: RequestMeta): Promise<AgreementView> {
      let pdfId: string | null = null;
      if (file) {
        const data = new Uint8Array(await file.arrayBuffer());
        const check = checkFile(data, data.byteLength, "agreement", AGREEMENT_PDF_MAX_BYTES);
        if (!check.ok) throw badRequest(check.message, { reason: "UNSUPPORTED_FILE", fields: { file: check.message } });
        pdfId = await blobs.put({ ownerId: null, kind: "agreement", contentType: check.contentType, data });
      }
      const before = await row(input.name);
      const now = clock.now();
      await sql`insert into agreements (name, title, body, visible, required, signup_placement, footer, status, effective_date,
          version, pdf_blob_id, updated_by, created_at, updated_at)
        values (${input.name}, ${input.title}, ${input.body}, ${input.visible}, ${input.required}, ${input.signupPlacement},
          ${input.footer}, ${input.status}, ${input.date}, 1, ${pdfId}, ${actor.userId}, ${now}, ${now})
        on conflict (name) do update set title = excluded.title, body = excluded.body, visible = excluded.visible,
          required = excluded.required, signup_placement = excluded.signup_placement, footer = excluded.footer,
          status = excluded.status, effective_date = excluded.effective_date,
          version = agreements.version + ${input.newVersion ? 1 : 0},
          pdf_blob_id = coalesce(excluded.pdf_blob_id, agreements.pdf_blob_id),
          updated_by = excluded.updated_by, updated_at = excluded.updated_at`;
      if (pdfId && before?.pdf_blob_id) await blobs.remove(before.pdf_blob_id);
      const after = (await row(input.name))!;
      const summary = (r: Row | null) => r && { ...toView(r), body: undefined, updatedAt: undefined };
      await audit.record({
        event: before ? "agreement.updated" : "agreement.created", actorId: actor.userId, address: meta.address,
        details: { name: input.name, before: summary(before), after: summary(after) },
      });
      return toView(after);
    },

    /** Published required agreements the user has not accepted in their current version. */
    async pending(actor: Actor) {
      const rows = await sql<Row[]>`select ${sql.unsafe(COLUMNS.split(", ").map((c) => `a.${c}`).join(", "))}
        from agreements a left join user_agreements ua on ua.user_id = ${actor.userId} and ua.name = a.name
        where a.required and a.status = 'published' and (ua.name is null or ua.version < a.version)
        order by a.title, a.name`;
      return rows.map(toView);
    },

    async accept(actor: Actor, names: string[], meta: RequestMeta) {
      const rows = await sql<{ name: string; version: number }[]>`select name, version from agreements
        where name = any(${names}) and status = 'published'`;
      const unknown = names.filter((n) => !rows.some((r) => r.name === n));
      if (unknown.length) throw badRequest("Unknown agreement", { reason: "UNKNOWN_AGREEMENT", fields: { names: `Unknown: ${unknown.join(", ")}` } });
      for (const r of rows) {
        await sql`insert into user_agreements (user_id, name, version, accepted_at) values (${actor.userId}, ${r.name}, ${r.version}, ${clock.now()})
          on conflict (user_id, name) do update set version = excluded.version, accepted_at = excluded.accepted_at`;
      }
      await audit.record({ event: "agreement.accepted", actorId: actor.userId, subjectId: actor.userId, address: meta.address,
        details: { accepted: rows } });
      return { pending: (await this.pending(actor)).map((a) => a.name) };
    },
  };
}
export type AgreementsService = ReturnType<typeof createAgreementsService>;
