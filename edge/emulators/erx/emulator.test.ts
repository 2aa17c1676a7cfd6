/** The e-prescribing emulator through the production client: login, acceptance, rejections, signed late status. */
import assert from "node:assert/strict";
import { createDoseSpotErx } from "../../src/platform/erx/dosespot-client.ts";
import { ErxRejected } from "../../src/platform/erx/erx.ts";
import { PHARMACIES } from "../../../sync/data/pharmacies.ts";
import { serveErxEmulator } from "./emulator.ts";

const creds = { clinicId: "c1", clinicKey: "key-4d9f2a7b1c", userId: "u1", webhookSecret: "whsec-emulator-test-01" };
const prescriber = {
  externalId: "doc-1", firstName: "Ada", lastName: "Lovelace", npi: "1234567893", dea: null, address: "1 Main St", city: "Reno",
  state: "NV", zip: "89501", phone: "+17025550100", fax: "+17025550101",
};
const patient = {
  externalId: "pat-1", firstName: "Pat", lastName: "Mine", birthDate: "1980-01-01", gender: "Female" as const, address: "2 Elm St",
  city: "Reno", state: "NV", zip: "89501", phone: "+17025550102",
};
const rx = (pharmacyId: string) => ({
  externalId: "rx-1", rxcui: "90000001", displayName: "amoxicillin 500 mg oral capsule", quantity: 30, unit: "capsule", daysSupply: 10,
  refills: 0, noSubstitutions: false, directions: "1 capsule three times a day", pharmacyNotes: "", pharmacyId,
});

Deno.test("erx emulator", async (t) => {
  const received: { body: string; signature: string | null }[] = [];
  const emulator = await serveErxEmulator({
    ...creds, callbackUrl: "http://edge.test/api/v1/erx/callbacks", delayMs: 50,
    deliver: (_url, init) => {
      received.push({ body: String(init.body), signature: new Headers(init.headers).get("x-erx-signature") });
      return Promise.resolve(new Response("{}"));
    },
  });
  const client = createDoseSpotErx({ baseUrl: emulator.url, ...creds });
  try {
    await t.step("a wrong clinic key is the 'erx login error'", async () => {
      const bad = createDoseSpotErx({ baseUrl: emulator.url, ...creds, clinicKey: "wrong" });
      await assert.rejects(bad.syncPatient(patient), (e: unknown) => e instanceof ErxRejected && e.code === "ERX_LOGIN");
    });
    await t.step("missing prescriber data is refused, naming the fields", async () => {
      await assert.rejects(client.syncPrescriber({ ...prescriber, npi: null, fax: "" }), (e: unknown) =>
        e instanceof ErxRejected && /NPINumber, .*PrimaryFax/.test(e.message));
    });
    const { clinicianId } = await client.syncPrescriber(prescriber);
    const { patientId } = await client.syncPatient(patient);
    await t.step("the same patient synced twice is one vendor patient", async () => {
      assert.equal((await client.syncPatient(patient)).patientId, patientId);
    });
    await t.step("a bad pharmacy is refused", async () => {
      await assert.rejects(client.send({ clinicianId, patientId, prescription: rx("0000000") }), (e: unknown) =>
        e instanceof ErxRejected && /Pharmacy 0000000 not found/.test(e.message));
    });
    await t.step("accepted, pending, then a signed callback reports transmitted", async () => {
      const ok = PHARMACIES.find((p) => p.erx)!;
      const { prescriptionId } = await client.send({ clinicianId, patientId, prescription: rx(ok.ncpdp) });
      assert.equal((await client.status({ patientId, prescriptionId })).status, "pending");
      await emulator.idle();
      assert.equal((await client.status({ patientId, prescriptionId })).status, "transmitted");
      assert.equal(received.length, 1);
      const event = await client.verifyCallback(received[0].body, received[0].signature, Math.floor(Date.now() / 1000));
      assert.deepEqual(event && [event.prescriptionId, event.status], [prescriptionId, "transmitted"]);
      // Tampered body, old timestamp: refused.
      assert.equal(await client.verifyCallback(received[0].body.replace("eRxSent", "Error"), received[0].signature, Math.floor(Date.now() / 1000)), null);
      assert.equal(await client.verifyCallback(received[0].body, received[0].signature, Math.floor(Date.now() / 1000) + 3600), null);
    });
    await t.step("a fax-only pharmacy: accepted, then 'error'", async () => {
      const fax = PHARMACIES.find((p) => !p.erx)!;
      const { prescriptionId } = await client.send({ clinicianId, patientId, prescription: rx(fax.ncpdp) });
      await emulator.idle();
      const s = await client.status({ patientId, prescriptionId });
      assert.equal(s.status, "error");
      assert.match(s.detail ?? "", /does not accept electronic prescriptions/);
    });
  } finally {
    await emulator.close();
  }
});
