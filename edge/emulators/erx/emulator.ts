/**
 * A local emulator of the e-prescribing vendor's REST API (DoseSpot-style v2;
 * see README.md): token, clinicians, patients, prescriptions, send, status, and
 * signed status callbacks after a configurable delay. State is in memory.
 *
 * It accepts a prescription for a known pharmacy (sync/data/pharmacies.ts) from a
 * clinician with complete data, and refuses a bad pharmacy or a clinician
 * missing NPI, address, phone or fax. A sent prescription is reported
 * "eRxSent" (transmitted), or "Error" when the pharmacy takes faxes only.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { Hono } from "hono";
import { pharmacyById } from "../../../sync/data/pharmacies.ts";
import { signCallback } from "../../src/platform/erx/erx.ts";

export type ErxEmulatorOptions = {
  port?: number;
  hostname?: string;
  clinicId: string;
  clinicKey: string;
  userId: string;
  webhookSecret: string;
  /** Where status callbacks go (the edge's `/api/v1/erx/callbacks`); none are sent while null. */
  callbackUrl: string | null;
  /** Delay before a status callback (ms). */
  delayMs: number;
  /** How callbacks are delivered (tests: straight into an in-process app). */
  deliver?: (url: string, init: RequestInit) => Promise<Response>;
};

type Clinician = { id: string; externalId: string; data: Record<string, unknown> };
type Patient = { id: string; externalId: string };
type Prescription = {
  id: string; patientId: string; pharmacyId: string; status: string; statusDetails: string | null;
  /** As the clinician wrote it (our API's ExternalId, or none when written in the "vendor UI"). */
  body: Record<string, unknown>;
};

const ok = { ResultCode: "OK" };
const error = (description: string) => ({ Result: { ResultCode: "ERROR", ResultDescription: description } });

export function createErxEmulator(opts: ErxEmulatorOptions) {
  const tokens = new Set<string>();
  const clinicians = new Map<string, Clinician>();
  const patients = new Map<string, Patient>();
  const prescriptions = new Map<string, Prescription>();
  const pending = new Set<Promise<void>>();
  let seq = 1000;
  let eventSeq = 0;
  const nextId = () => String(++seq);
  let callbackUrl = opts.callbackUrl;
  let deliver = opts.deliver ?? ((url: string, init: RequestInit) => fetch(url, init));
  /** Every callback attempt, for tests: status and the edge's answer. */
  const deliveries: { prescriptionId: string; status: string; httpStatus: number | null }[] = [];

  async function report(rx: Prescription) {
    await new Promise((r) => setTimeout(r, opts.delayMs));
    const pharmacy = pharmacyById.get(rx.pharmacyId);
    rx.status = pharmacy?.erx ? "eRxSent" : "Error";
    rx.statusDetails = pharmacy?.erx ? null : "The pharmacy does not accept electronic prescriptions; send it by fax or choose another pharmacy";
    if (!callbackUrl) return;
    const body = JSON.stringify({
      EventId: `evt_${++eventSeq}_${rx.id}`,
      EventType: "PrescriptionResult",
      Data: { PrescriptionId: rx.id, PatientId: rx.patientId, PrescriptionStatus: rx.status, StatusDetails: rx.statusDetails },
    });
    const signature = await signCallback(opts.webhookSecret, body, Math.floor(Date.now() / 1000));
    let httpStatus: number | null = null;
    try {
      const res = await deliver(callbackUrl, { method: "POST", headers: { "content-type": "application/json", "x-erx-signature": signature }, body });
      httpStatus = res.status;
      await res.body?.cancel();
    } catch { /* the edge is down: it asks for the status later */ }
    deliveries.push({ prescriptionId: rx.id, status: rx.status, httpStatus });
  }

  const app = new Hono();
  app.post("/webapi/v2/connect/token", async (c) => {
    const f = await c.req.parseBody();
    if (f.grant_type !== "password" || f.client_id !== opts.clinicId || f.client_secret !== opts.clinicKey || f.username !== opts.userId) {
      return c.json({ error: "invalid_grant", error_description: "Invalid clinic credentials" }, 400);
    }
    const t = crypto.randomUUID();
    tokens.add(t);
    return c.json({ access_token: t, token_type: "bearer", expires_in: 600 });
  });
  app.use("/webapi/v2/api/*", async (c, next) => {
    const auth = c.req.header("authorization")?.replace(/^Bearer /, "");
    if (!auth || !tokens.has(auth)) return c.json({ Message: "Authorization has been denied for this request." }, 401);
    await next();
  });
  app.post("/webapi/v2/api/clinicians", async (c) => {
    const b = await c.req.json() as Record<string, unknown>;
    const missing = ["NPINumber", "Address1", "City", "State", "ZipCode", "PrimaryPhone", "PrimaryFax", "FirstName", "LastName"]
      .filter((k) => typeof b[k] !== "string" || !(b[k] as string).trim());
    if (missing.length) return c.json(error(`Clinician is missing required data: ${missing.join(", ")}`), 400);
    if (!/^\d{10}$/.test(b.NPINumber as string)) return c.json(error("Clinician NPI must be 10 digits"), 400);
    const existing = [...clinicians.values()].find((x) => x.externalId === b.ExternalId);
    const cl = existing ?? { id: nextId(), externalId: String(b.ExternalId), data: b };
    cl.data = b;
    clinicians.set(cl.id, cl);
    return c.json({ Id: Number(cl.id), Result: ok });
  });
  app.post("/webapi/v2/api/patients", async (c) => {
    const b = await c.req.json() as Record<string, unknown>;
    const missing = ["FirstName", "LastName", "DateOfBirth", "Address1", "City", "State", "ZipCode", "PrimaryPhone"]
      .filter((k) => typeof b[k] !== "string" || !(b[k] as string).trim());
    if (missing.length) return c.json(error(`Patient is missing required data: ${missing.join(", ")}`), 400);
    const existing = [...patients.values()].find((x) => x.externalId === b.ExternalId);
    const p = existing ?? { id: nextId(), externalId: String(b.ExternalId) };
    patients.set(p.id, p);
    return c.json({ Id: Number(p.id), Result: ok });
  });
  app.post("/webapi/v2/api/patients/:pid/prescriptions", async (c) => {
    const pid = c.req.param("pid");
    if (!patients.has(pid)) return c.json(error("Patient not found"), 404);
    const b = await c.req.json() as Record<string, unknown>;
    const clinician = clinicians.get(String(b.ClinicianId));
    if (!clinician) return c.json(error("Clinician not found: register the prescriber first"), 400);
    if (!pharmacyById.has(String(b.PharmacyId))) return c.json(error(`Pharmacy ${String(b.PharmacyId).slice(0, 20)} not found`), 400);
    if (typeof b.DisplayName !== "string" || !b.DisplayName || typeof b.Directions !== "string" || !b.Directions) {
      return c.json(error("Medication and directions are required"), 400);
    }
    const rx: Prescription = { id: nextId(), patientId: pid, pharmacyId: String(b.PharmacyId), status: "Entered", statusDetails: null, body: b };
    prescriptions.set(rx.id, rx);
    return c.json({ Id: Number(rx.id), Result: ok });
  });
  app.post("/webapi/v2/api/patients/:pid/prescriptions/send", async (c) => {
    const b = await c.req.json() as { PrescriptionIds?: unknown[] };
    const results = [];
    for (const raw of b.PrescriptionIds ?? []) {
      const rx = prescriptions.get(String(raw));
      if (!rx || rx.patientId !== c.req.param("pid")) {
        results.push({ Id: raw, Result: { ResultCode: "ERROR", ResultDescription: "Prescription not found" } });
        continue;
      }
      if (rx.status === "Entered") {
        rx.status = "Sending";
        const p = report(rx).finally(() => pending.delete(p));
        pending.add(p);
      }
      results.push({ Id: Number(rx.id), Result: ok });
    }
    if (results.some((r) => r.Result.ResultCode === "ERROR")) return c.json({ Items: results, ...error("Some prescriptions were not sent") }, 400);
    return c.json({ Items: results, Result: ok });
  });
  app.get("/webapi/v2/api/patients/:pid/prescriptions", (c) => {
    if (!patients.has(c.req.param("pid"))) return c.json(error("Patient not found"), 404);
    const items = [...prescriptions.values()].filter((rx) => rx.patientId === c.req.param("pid")).map((rx) => ({
      PrescriptionId: Number(rx.id), ExternalId: rx.body.ExternalId ?? null, RxCUI: rx.body.RxCUI ?? null, DisplayName: rx.body.DisplayName,
      Quantity: rx.body.Quantity, DispenseUnit: rx.body.DispenseUnit, DaysSupply: rx.body.DaysSupply, Refills: rx.body.Refills,
      Directions: rx.body.Directions, PharmacyId: rx.pharmacyId, Status: rx.status,
    }));
    return c.json({ Items: items, Result: ok });
  });
  app.get("/webapi/v2/api/patients/:pid/prescriptions/:id", (c) => {
    const rx = prescriptions.get(c.req.param("id"));
    if (!rx || rx.patientId !== c.req.param("pid")) return c.json(error("Prescription not found"), 404);
    return c.json({ Item: { PrescriptionId: Number(rx.id), Status: rx.status, StatusDetails: rx.statusDetails }, Result: ok });
  });

  return {
    fetch: app.fetch,
    deliveries,
    /**
     * Tests and the demo: a prescription written in the vendor's own UI for a patient known by our external id
     * (no ExternalId of ours), already transmitted — what `POST /outsideEntries/erx` imports.
     */
    writeOutside(patientExternalId: string, rx: { displayName: string; quantity: number; unit: string; daysSupply: number; refills: number; directions: string; pharmacyId: string }) {
      const patient = [...patients.values()].find((p) => p.externalId === patientExternalId);
      if (!patient) throw new Error("no such patient at the emulator");
      const written: Prescription = {
        id: nextId(), patientId: patient.id, pharmacyId: rx.pharmacyId, status: "eRxSent", statusDetails: null,
        body: { DisplayName: rx.displayName, Quantity: String(rx.quantity), DispenseUnit: rx.unit, DaysSupply: rx.daysSupply, Refills: String(rx.refills), Directions: rx.directions },
      };
      prescriptions.set(written.id, written);
      return written.id;
    },
    setCallbackUrl(url: string | null) {
      callbackUrl = url;
    },
    setDeliver(fn: (url: string, init: RequestInit) => Promise<Response>) {
      deliver = fn;
    },
    /** Resolves once every scheduled status report was made. */
    async idle() {
      while (pending.size) await Promise.all([...pending]);
    },
  };
}
export type ErxEmulator = ReturnType<typeof createErxEmulator>;

/**
 * Serves the emulator on a port (0: a free one) over node:http, like the edge
 * itself (@hono/node-server replaces the global Response, which Deno.serve then refuses).
 */
export async function serveErxEmulator(opts: ErxEmulatorOptions) {
  const emulator = createErxEmulator(opts);
  const server = createServer(getRequestListener(emulator.fetch));
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, opts.hostname ?? "127.0.0.1", resolve));
  const address = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${address.port}`;
  return {
    ...emulator,
    url,
    async close() {
      await emulator.idle();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
export type ServedErxEmulator = Awaited<ReturnType<typeof serveErxEmulator>>;
