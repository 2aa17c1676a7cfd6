/**
 * The e-prescribing vendor behind a small interface (STYLE: `erx`). The one
 * implementation is an HTTP client of a DoseSpot-style REST API (./dosespot-client.ts);
 * tests and the demo point it at the local emulator (edge/emulators/erx), which
 * speaks the same wire format. Status reports arrive as signed callbacks
 * (`POST /api/v1/erx/callbacks`), checked by `verifyCallback`.
 */
export type ErxPatient = {
  /** Our patient id (the vendor keeps it as the external id; a second sync updates the same patient). */
  externalId: string;
  firstName: string; lastName: string; birthDate: string; gender: "Male" | "Female" | null;
  address: string; city: string; state: string; zip: string; phone: string;
};
export type ErxPrescriber = {
  externalId: string;
  firstName: string; lastName: string; npi: string | null; dea: string | null;
  address: string | null; city: string | null; state: string | null; zip: string | null; phone: string | null; fax: string | null;
};
export type ErxPrescriptionInput = {
  /** Our prescription id. */
  externalId: string;
  rxcui: string; displayName: string; quantity: number; unit: string; daysSupply: number; refills: number;
  noSubstitutions: boolean; directions: string; pharmacyNotes: string;
  /** The pharmacy's NCPDP id. */
  pharmacyId: string;
};
/** What the vendor says about a prescription it accepted. */
export type ErxTransmission = "pending" | "transmitted" | "error";
export type ErxStatusEvent = {
  eventId: string;
  prescriptionId: string;
  status: ErxTransmission;
  detail: string | null;
};

/** A prescription as the vendor lists it (written through our API or in the vendor's own UI). */
export type ErxListedPrescription = {
  prescriptionId: string;
  /** Ours when it was sent through our API; null for one written in the vendor's own UI. */
  externalId: string | null;
  rxcui: string | null;
  displayName: string;
  quantity: number;
  unit: string;
  daysSupply: number;
  refills: number;
  directions: string;
  pharmacyId: string | null;
  status: ErxTransmission;
};

/** The vendor refused a call (bad pharmacy, missing prescriber data…): its message is safe to show. */
export class ErxRejected extends Error {
  constructor(message: string, readonly code: string) {
    super(message);
  }
}
/** The vendor could not be reached or answered nonsense: retry later. */
export class ErxUnavailable extends Error {}

export interface Erx {
  readonly vendor: string;
  syncPrescriber(p: ErxPrescriber): Promise<{ clinicianId: string }>;
  syncPatient(p: ErxPatient): Promise<{ patientId: string }>;
  /** Creates and sends one prescription; resolves with the vendor's id once accepted (the transmission is reported later). */
  send(input: { clinicianId: string; patientId: string; prescription: ErxPrescriptionInput }): Promise<{ prescriptionId: string }>;
  /** The vendor's current status of a prescription (for a missed callback). */
  status(input: { patientId: string; prescriptionId: string }): Promise<{ status: ErxTransmission; detail: string | null }>;
  /** Every prescription the vendor holds for a patient (to import those written outside our app). */
  listPrescriptions(input: { patientId: string }): Promise<ErxListedPrescription[]>;
  /** The callback's event when its signature holds, else null. */
  verifyCallback(rawBody: string, signature: string | null, nowSeconds: number): Promise<ErxStatusEvent | null>;
}

/** Callbacks: `X-Erx-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`, accepted within 5 minutes. */
export const SIGNATURE_HEADER = "x-erx-signature";
const TOLERANCE_SECONDS = 300;

async function hmac(secret: string, data: string): Promise<string> {
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const sig = new Uint8Array(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(data)));
  return [...sig].map((b) => b.toString(16).padStart(2, "0")).join("");
}

export async function signCallback(secret: string, body: string, nowSeconds: number): Promise<string> {
  return `t=${nowSeconds},v1=${await hmac(secret, `${nowSeconds}.${body}`)}`;
}

export async function checkSignature(secret: string, body: string, header: string | null, nowSeconds: number): Promise<boolean> {
  if (!header) return false;
  const parts = Object.fromEntries(header.split(",").map((p) => p.trim().split("=", 2) as [string, string]));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || Math.abs(nowSeconds - t) > TOLERANCE_SECONDS || typeof parts.v1 !== "string") return false;
  const expected = await hmac(secret, `${t}.${body}`);
  if (expected.length !== parts.v1.length) return false;
  let diff = 0;
  for (let i = 0; i < expected.length; i++) diff |= expected.charCodeAt(i) ^ parts.v1.charCodeAt(i);
  return diff === 0;
}

/** When no vendor is configured (tests that do not prescribe): every call says so. */
export const unconfiguredErx: Erx = {
  vendor: "none",
  syncPrescriber: () => Promise.reject(new ErxUnavailable("E-prescribing is not configured")),
  syncPatient: () => Promise.reject(new ErxUnavailable("E-prescribing is not configured")),
  send: () => Promise.reject(new ErxUnavailable("E-prescribing is not configured")),
  status: () => Promise.reject(new ErxUnavailable("E-prescribing is not configured")),
  listPrescriptions: () => Promise.reject(new ErxUnavailable("E-prescribing is not configured")),
  verifyCallback: () => Promise.resolve(null),
};
