/** SQL of documents and faxes; every read of rows goes through the actor's `visible()` fragment. */
import type { Fragment, Queryable } from "../../db/connect.ts";
import type { DocumentView } from "../../../../sync/schemas/document.ts";
import type { z } from "zod";
import type { documentListSchema } from "../../../../sync/schemas/document.ts";

export type DocumentRow = {
  id: string;
  owner: "practice" | "platform";
  practice_id: string | null;
  doc_type: DocumentView["docType"];
  box: "sent" | "received";
  name: string;
  blob_id: string;
  content_type: string;
  size: number;
  status: DocumentView["status"];
  status_message: string | null;
  status_at: Date | null;
  fax_number: string | null;
  recipient_name: string | null;
  cover_note: string | null;
  vendor_id: string | null;
  patient_id: string | null;
  patient_name: string | null;
  receiver_id: string | null;
  receiver_name: string | null;
  shared_file_id: string | null;
  folder: DocumentView["folder"];
  is_new: boolean;
  created_by: string | null;
  created_at: Date;
  updated_at: Date;
  shared_with: { id: string; name: string }[] | null;
};

const SELECT = (q: Queryable) => q`
  select d.*, p.first_name || ' ' || p.last_name as patient_name, r.first_name || ' ' || r.last_name as receiver_name,
    (select json_agg(json_build_object('id', u.id, 'name', u.first_name || ' ' || u.last_name) order by u.last_name)
       from document_shares s join users u on u.id = s.user_id where s.document_id = d.id) as shared_with
  from documents d left join users p on p.id = d.patient_id left join users r on r.id = d.receiver_id`;

export function toView(row: DocumentRow): DocumentView {
  return {
    id: row.id,
    docType: row.doc_type,
    box: row.box,
    name: row.name,
    contentType: row.content_type,
    size: row.size,
    status: row.status,
    statusMessage: row.status_message,
    faxNumber: row.fax_number,
    recipientName: row.recipient_name,
    isNew: row.is_new,
    isShared: row.shared_file_id !== null,
    folder: row.folder,
    patient: row.patient_id ? { id: row.patient_id, name: row.patient_name ?? "" } : null,
    receiver: row.receiver_id ? { id: row.receiver_id, name: row.receiver_name ?? "" } : null,
    sharedWith: row.shared_with ?? [],
    owner: row.owner,
    createdBy: row.created_by,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}


export function createDocumentsRepo(sql: Queryable) {
  return {
    async one(visible: Fragment, id: string): Promise<DocumentRow | null> {
      const [row] = await sql<DocumentRow[]>`${SELECT(sql)} where d.id = ${id} and ${visible}`;
      return row ?? null;
    },

    async byVendorId(vendorId: string): Promise<DocumentRow | null> {
      const [row] = await sql<DocumentRow[]>`${SELECT(sql)} where d.vendor_id = ${vendorId} order by d.created_at desc limit 1`;
      return row ?? null;
    },

    async list(visible: Fragment, input: z.output<typeof documentListSchema>) {
      const f = input.filter;
      const where = sql`${visible} and d.box = ${input.box}
        ${input.docType ? sql`and d.doc_type = ${input.docType}` : sql``}
        ${f.status ? sql`and d.status = ${f.status}` : sql``}
        ${f.isNew !== undefined ? sql`and d.is_new = ${f.isNew}` : sql``}
        ${f.search ? sql`and (d.name ilike ${"%" + f.search.replace(/[\\%_]/g, "\\$&") + "%"}
          or coalesce(d.fax_number, '') like ${"%" + f.search.replace(/[\\%_]/g, "\\$&") + "%"})` : sql``}`;
      const column = { createdAt: sql`d.created_at`, name: sql`lower(d.name)`, status: sql`d.status` }[input.sort.field];
      const order = input.sort.order === "asc" ? sql`${column} asc, d.id asc` : sql`${column} desc, d.id desc`;
      const rows = await sql<DocumentRow[]>`${SELECT(sql)} where ${where} order by ${order}
        offset ${input.offset} limit ${input.limit}`;
      const [{ count }] = await sql<{ count: number }[]>`select count(*)::int as count from documents d where ${where}`;
      return { rows, totalCount: count };
    },

    async insert(q: Queryable, doc: {
      owner: "practice" | "platform";
      practiceId: string | null;
      docType: DocumentView["docType"];
      box: "sent" | "received";
      name: string;
      blobId: string;
      contentType: string;
      size: number;
      status: DocumentView["status"];
      faxNumber?: string | null;
      recipientName?: string | null;
      coverNote?: string | null;
      vendorId?: string | null;
      patientId?: string | null;
      isNew: boolean;
      createdBy: string | null;
      statusAt?: Date | null;
      at: Date;
    }): Promise<string | null> {
      const [row] = await q<{ id: string }[]>`
        insert into documents (owner, practice_id, doc_type, box, name, blob_id, content_type, size, status, fax_number,
          recipient_name, cover_note, vendor_id, patient_id, is_new, created_by, status_at, created_at, updated_at)
        values (${doc.owner}, ${doc.practiceId}, ${doc.docType}, ${doc.box}, ${doc.name}, ${doc.blobId}, ${doc.contentType},
          ${doc.size}, ${doc.status}, ${doc.faxNumber ?? null}, ${doc.recipientName ?? null}, ${doc.coverNote ?? null},
          ${doc.vendorId ?? null}, ${doc.patientId ?? null}, ${doc.isNew}, ${doc.createdBy}, ${doc.statusAt ?? null},
          ${doc.at}, ${doc.at})
        on conflict do nothing
        returning id`;
      return row?.id ?? null;
    },

    async update(q: Queryable, id: string, fields: Record<string, unknown>, at: Date) {
      await q`update documents set ${q({ ...fields, updated_at: at } as never)} where id = ${id}`;
    },

    /** New incoming faxes of a practice: the header's fax counter. */
    async newFaxCount(practiceId: string): Promise<number> {
      const [{ count }] = await sql<{ count: number }[]>`select count(*)::int as count from documents
        where practice_id = ${practiceId} and doc_type = 'incoming_faxes' and is_new and not deleted`;
      return count;
    },
  };
}
export type DocumentsRepo = ReturnType<typeof createDocumentsRepo>;
