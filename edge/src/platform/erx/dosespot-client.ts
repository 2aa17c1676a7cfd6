/**
 * The production e-prescribing client: DoseSpot's REST API v2 (the shape we
 * model: OAuth2 password-grant token at `connect/token` with the clinic id/key
 * and a clinic user, `api/clinicians`, `api/patients`,
 * `api/patients/{id}/prescriptions`, `…/prescriptions/send`, results as
 * `{Result: {ResultCode, ResultDescription}}`). Credentials come from config
 * (ERX_*). Status reports arrive as signed webhooks; see erx.ts for the
 * signature we check. Paths and field names follow DoseSpot's public API as we
 * understand it; check them against the vendor's current documentation and
 * sandbox before going live. The local emulator (edge/emulators/erx) serves
 * the same wire format.
 */
import { checkSignature, type Erx, type ErxListedPrescription, ErxRejected, type ErxStatusEvent, type ErxTransmission, ErxUnavailable } from "./erx.ts";

export type DoseSpotConfig = {
  baseUrl: string;
  clinicId: string;
  clinicKey: string;
  userId: string;
  subscriptionKey?: string;
  webhookSecret: string;
  fetch?: typeof fetch;
};

type Result = { ResultCode: "OK" | "ERROR"; ResultDescription?: string };

const GENDER = { Male: 1, Female: 2 } as const;
/** DoseSpot prescription status names → our transmission. */
function transmissionOf(status: string): ErxTransmission {
  if (status === "eRxSent" || status === "FaxSent" || status === "PharmacyVerified") return "transmitted";
  if (status === "Error" || status === "EpcsError" || status === "Deleted") return "error";
  return "pending";
}

export function createDoseSpotErx(cfg: DoseSpotConfig): Erx {
  const doFetch = cfg.fetch ?? fetch;
  const base = cfg.baseUrl.replace(/\/+$/, "");
  let token: { value: string; expiresAt: number } | null = null;

  async function accessToken(): Promise<string> {
    if (token && token.expiresAt > Date.now() + 30_000) return token.value;
    const body = new URLSearchParams({
      grant_type: "password", client_id: cfg.clinicId, client_secret: cfg.clinicKey, username: cfg.userId, password: cfg.clinicKey, scope: "api",
    });
    let res: Response;
    try {
      res = await doFetch(`${base}/webapi/v2/connect/token`, {
        method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", ...subscription() }, body,
      });
    } catch {
      throw new ErxUnavailable("The e-prescribing service cannot be reached");
    }
    const json = await res.json().catch(() => null) as { access_token?: string; expires_in?: number } | null;
    if (!res.ok || !json?.access_token) {
      // 02 §8 "erx login error": the vendor refused our credentials.
      throw new ErxRejected("The e-prescribing service refused the practice's login (check the e-prescribing credentials)", "ERX_LOGIN");
    }
    token = { value: json.access_token, expiresAt: Date.now() + (json.expires_in ?? 600) * 1000 };
    return token.value;
  }
  const subscription = (): Record<string, string> => cfg.subscriptionKey ? { "Subscription-Key": cfg.subscriptionKey } : {};

  async function call<T extends { Result?: Result }>(method: string, path: string, body?: unknown): Promise<T> {
    const auth = await accessToken();
    let res: Response;
    try {
      res = await doFetch(`${base}/webapi/v2/${path}`, {
        method,
        headers: { authorization: `Bearer ${auth}`, "content-type": "application/json", accept: "application/json", ...subscription() },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch {
      throw new ErxUnavailable("The e-prescribing service cannot be reached");
    }
    if (res.status === 401) token = null;
    if (res.status >= 500) throw new ErxUnavailable(`The e-prescribing service answered ${res.status}`);
    const json = await res.json().catch(() => null) as T | null;
    if (!json) throw new ErxUnavailable("The e-prescribing service answered without a body");
    if (!res.ok || json.Result?.ResultCode === "ERROR") {
      throw new ErxRejected(json.Result?.ResultDescription ?? `The e-prescribing service refused the request (${res.status})`, "ERX_REJECTED");
    }
    return json;
  }

  return {
    vendor: "DoseSpot",
    async syncPrescriber(p) {
      const r = await call<{ Id: number | string; Result: Result }>("POST", "api/clinicians", {
        ExternalId: p.externalId, FirstName: p.firstName, LastName: p.lastName, NPINumber: p.npi, DEANumbers: p.dea ? [p.dea] : [],
        Address1: p.address, City: p.city, State: p.state, ZipCode: p.zip, PrimaryPhone: p.phone, PrimaryPhoneType: 2, PrimaryFax: p.fax,
      });
      return { clinicianId: String(r.Id) };
    },
    async syncPatient(p) {
      const r = await call<{ Id: number | string; Result: Result }>("POST", "api/patients", {
        ExternalId: p.externalId, FirstName: p.firstName, LastName: p.lastName, DateOfBirth: p.birthDate,
        Gender: p.gender ? GENDER[p.gender] : 3, Address1: p.address, City: p.city, State: p.state, ZipCode: p.zip,
        PrimaryPhone: p.phone, PrimaryPhoneType: 7, Active: true,
      });
      return { patientId: String(r.Id) };
    },
    async send({ clinicianId, patientId, prescription: rx }) {
      const created = await call<{ Id: number | string; Result: Result }>("POST", `api/patients/${encodeURIComponent(patientId)}/prescriptions`, {
        ExternalId: rx.externalId, ClinicianId: clinicianId, RxCUI: rx.rxcui, DisplayName: rx.displayName, Quantity: String(rx.quantity),
        DispenseUnit: rx.unit, DaysSupply: rx.daysSupply, Refills: String(rx.refills), NoSubstitutions: rx.noSubstitutions,
        Directions: rx.directions, PharmacyNotes: rx.pharmacyNotes, PharmacyId: rx.pharmacyId, Status: 1,
      });
      const id = String(created.Id);
      await call("POST", `api/patients/${encodeURIComponent(patientId)}/prescriptions/send`, { PrescriptionIds: [id] });
      return { prescriptionId: id };
    },
    async status({ patientId, prescriptionId }) {
      const r = await call<{ Item: { Status: string; StatusDetails?: string | null }; Result: Result }>(
        "GET", `api/patients/${encodeURIComponent(patientId)}/prescriptions/${encodeURIComponent(prescriptionId)}`,
      );
      return { status: transmissionOf(r.Item.Status), detail: r.Item.StatusDetails ?? null };
    },
    async listPrescriptions({ patientId }) {
      type Item = {
        PrescriptionId: number | string; ExternalId?: string | null; RxCUI?: string | null; DisplayName?: string; Quantity?: string | number;
        DispenseUnit?: string; DaysSupply?: number; Refills?: string | number; Directions?: string; PharmacyId?: string | number | null; Status?: string;
      };
      const r = await call<{ Items: Item[]; Result: Result }>("GET", `api/patients/${encodeURIComponent(patientId)}/prescriptions`);
      return (r.Items ?? []).map((i): ErxListedPrescription => ({
        prescriptionId: String(i.PrescriptionId), externalId: i.ExternalId ?? null, rxcui: i.RxCUI ?? null,
        displayName: String(i.DisplayName ?? "").slice(0, 105), quantity: Number(i.Quantity ?? 0), unit: String(i.DispenseUnit ?? "each"),
        daysSupply: Number(i.DaysSupply ?? 0), refills: Number(i.Refills ?? 0), directions: String(i.Directions ?? "").slice(0, 1000),
        pharmacyId: i.PharmacyId === null || i.PharmacyId === undefined ? null : String(i.PharmacyId), status: transmissionOf(String(i.Status ?? "")),
      }));
    },
    async verifyCallback(rawBody, signature, nowSeconds): Promise<ErxStatusEvent | null> {
      if (!(await checkSignature(cfg.webhookSecret, rawBody, signature, nowSeconds))) return null;
      let json: { EventId?: unknown; EventType?: unknown; Data?: { PrescriptionId?: unknown; PrescriptionStatus?: unknown; StatusDetails?: unknown } };
      try {
        json = JSON.parse(rawBody);
      } catch {
        return null;
      }
      const d = json.Data;
      if (json.EventType !== "PrescriptionResult" || typeof json.EventId !== "string" || !d || typeof d.PrescriptionStatus !== "string") return null;
      if (typeof d.PrescriptionId !== "string" && typeof d.PrescriptionId !== "number") return null;
      return {
        eventId: json.EventId.slice(0, 200),
        prescriptionId: String(d.PrescriptionId),
        status: transmissionOf(d.PrescriptionStatus),
        detail: typeof d.StatusDetails === "string" ? d.StatusDetails.slice(0, 500) : null,
      };
    },
  };
}
