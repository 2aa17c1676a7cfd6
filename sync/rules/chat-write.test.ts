/** Who may write to whom: every pair of the table in both directions. */
import assert from "node:assert/strict";
import { type ChatParty, mayJoinChat, mayWrite, mayWriteToChat } from "./chat-write.ts";

const A = "practice-a";
const B = "practice-b";
const people = {
  admin: { id: "admin", role: "admin", practiceId: null },
  otherAdmin: { id: "admin2", role: "admin", practiceId: null },
  doctorA: { id: A, role: "doctor", practiceId: A },
  vmaA: { id: "vma-a", role: "vma", practiceId: A },
  vmaA2: { id: "vma-a2", role: "vma", practiceId: A },
  patientA: { id: "patient-a", role: "patient", practiceId: A },
  patientA2: { id: "patient-a2", role: "patient", practiceId: A },
  doctorB: { id: B, role: "doctor", practiceId: B },
  vmaB: { id: "vma-b", role: "vma", practiceId: B },
  patientB: { id: "patient-b", role: "patient", practiceId: B },
  /** A doctor not approved yet: no practice. */
  pendingDoctor: { id: "pending", role: "doctor", practiceId: null },
  pendingVma: { id: "pending-vma", role: "vma", practiceId: null },
  /** A patient with no doctor (or whose doctor is not approved). */
  loosePatient: { id: "loose", role: "patient", practiceId: null },
} satisfies Record<string, ChatParty>;
type Name = keyof typeof people;

/** The pairs that may write to each other; every other pair may not. */
const ALLOWED: [Name, Name][] = [
  ["patientA", "doctorA"],
  ["patientA", "vmaA"],
  ["patientA", "vmaA2"],
  ["patientA2", "doctorA"],
  ["patientA2", "vmaA"],
  ["patientA2", "vmaA2"],
  ["doctorA", "vmaA"],
  ["doctorA", "vmaA2"],
  ["vmaA", "vmaA2"],
  ["patientB", "doctorB"],
  ["patientB", "vmaB"],
  ["doctorB", "vmaB"],
];

Deno.test("who may write to whom: every pair", async (t) => {
  const names = Object.keys(people) as Name[];
  const allowed = new Set(ALLOWED.flatMap(([a, b]) => [`${a}>${b}`, `${b}>${a}`]));
  for (const from of names) {
    for (const to of names) {
      const expected = from !== to &&
        (people[from].role === "admin" || people[to].role === "admin" || allowed.has(`${from}>${to}`));
      await t.step(`${from} → ${to}: ${expected ? "may" : "may not"}`, () => {
        assert.equal(mayWrite(people[from], people[to]), expected);
      });
    }
  }
});

Deno.test("who may write in a chat", async (t) => {
  const { admin, doctorA, vmaA, patientA, patientA2, doctorB } = people;
  await t.step("a member who may write to every other member", () => {
    assert.equal(mayWriteToChat(patientA, [patientA, doctorA, vmaA]), true);
    assert.equal(mayWriteToChat(patientA, [patientA, admin]), true);
    assert.equal(mayWriteToChat(admin, [patientA, admin, people.otherAdmin]), true);
  });
  await t.step("not a member: may not", () => {
    assert.equal(mayWriteToChat(doctorA, [patientA, vmaA]), false);
    assert.equal(mayWriteToChat(admin, [patientA, doctorA]), false);
  });
  await t.step("one member they may not write to is enough to refuse", () => {
    assert.equal(mayWriteToChat(patientA, [patientA, doctorA, patientA2]), false);
    assert.equal(mayWriteToChat(doctorA, [doctorA, patientA, doctorB]), false);
  });
  await t.step("alone in a chat: may write (a note to self)", () => {
    assert.equal(mayWriteToChat(doctorA, [doctorA]), true);
  });
  await t.step("joining: allowed with every member, never twice", () => {
    assert.equal(mayJoinChat(vmaA, [doctorA, patientA]), true);
    assert.equal(mayJoinChat(patientA2, [doctorA, patientA]), false);
    assert.equal(mayJoinChat(admin, [doctorB, patientA]), true);
    assert.equal(mayJoinChat(doctorA, [doctorA, patientA]), false);
  });
});
