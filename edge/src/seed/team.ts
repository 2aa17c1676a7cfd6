/**
 * The demo practice's team data (issue 17): a few contacts of its address book
 * and two macros. Fixed ids, so seeding again changes nothing. Macros are
 * synced rows: they take a `seq` like any synced write (no client is connected
 * at seed time, so no live notification is needed).
 */
import type postgres from "postgres";

export const DEMO_MACROS = [
  { id: "7e4d1c2a-0b3f-4a51-9c1e-00000000a001", shortcut: ";bp", text: "Blood pressure reviewed with {patient.firstName} today; continue current plan." },
  { id: "7e4d1c2a-0b3f-4a51-9c1e-00000000a002", shortcut: ";fu", text: "Follow up in 2 weeks, sooner if symptoms worsen." },
];

const DEMO_CONTACTS = [
  { id: "7e4d1c2a-0b3f-4a51-9c1e-00000000c001", name: "Dana Heart, MD", organization: "Reno Cardiology", kind: "Specialist", phone: "+17755550140", fax: "+17755550141" },
  { id: "7e4d1c2a-0b3f-4a51-9c1e-00000000c002", name: "Sierra Labs", organization: "Sierra Labs", kind: "Lab", phone: "+17755550150", fax: "+17755550151" },
  { id: "7e4d1c2a-0b3f-4a51-9c1e-00000000c003", name: "Truckee Pharmacy", organization: "Truckee Pharmacy", kind: "Pharmacy", phone: "+17755550160", fax: "+17755550161" },
];

export async function seedTeam(tx: postgres.TransactionSql, doctorId: string) {
  for (const c of DEMO_CONTACTS) {
    await tx`insert into contacts (id, practice_id, name, organization, kind, phone, fax, created_by)
      values (${c.id}, ${doctorId}, ${c.name}, ${c.organization}, ${c.kind}, ${c.phone}, ${c.fax}, ${doctorId})
      on conflict do nothing`;
  }
  for (const m of DEMO_MACROS) {
    const [existing] = await tx`select 1 from macros where id = ${m.id}`;
    if (existing) continue;
    await tx`insert into macros (id, practice_id, shortcut, text, created_by, seq)
      values (${m.id}, ${doctorId}, ${m.shortcut}, ${m.text}, ${doctorId}, nextval('sync_seq'))`;
  }
}
