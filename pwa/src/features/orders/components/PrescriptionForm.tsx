/**
 * The doctor's prescription form: a medication from the shipped list (those the
 * policy refuses are shown with the reason and cannot be chosen), the sig,
 * quantity and unit, days, refills, substitution, notes, and the pharmacy —
 * the patient's preferred one proposed first, or searched (≥ 3 symbols, by state).
 * A medication touching an allergy on the patient's card is flagged as soon as it is chosen.
 * Offline (issue 31) the lists are searched on the device (they are shipped with the app) and a new draft is
 * recorded on the device; the server creates it under the same rules when the network is back. Sending it to
 * the pharmacy stays online.
 */
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import type { z } from "zod";
import { allergyMatches } from "../../../../../sync/data/allergens.ts";
import { medicationRefusal, searchMedications } from "../../../../../sync/data/medications.ts";
import { type Pharmacy, searchPharmacies } from "../../../../../sync/data/pharmacies.ts";
import type { UsState } from "../../../../../sync/us-states.ts";
import {
  DISPENSE_UNITS, type Prescription, prescriptionCreateSchema, prescriptionUpdateSchema,
} from "../../../../../sync/schemas/orders.ts";
import type { MedicationChoice } from "../../../../../sync/schemas/orders-answers.ts";
import { US_STATE_CODES } from "../../../../../sync/us-states.ts";
import { useApi } from "../../../lib/app-deps.tsx";
import { useForm } from "../../../lib/forms/use-form.ts";
import { Button, Checkbox, firstMatches, MoreMatches, Pager, Select, TextField, useSnackbar } from "../../../ui/index.ts";
import { SAVED_ON_DEVICE, useRecordOnDevice } from "../../sync/index.ts";
import { usePanelPatient } from "../../sync/index.ts";
import { ordersKeys } from "../lib/keys.ts";

/** Pharmacies listed per page of a search. */
export const PHARMACIES_PAGE = 5;

export function PharmacyPicker({ patientId, value, onChange, error }: {
  patientId: string; value: Pick<Pharmacy, "ncpdp"> | null; onChange: (p: Pharmacy | null) => void; error?: string;
}) {
  const api = useApi();
  const { offline } = useRecordOnDevice();
  const [search, setSearch] = useState("");
  const [state, setState] = useState("");
  const [offset, setOffset] = useState(0);
  const preferred = useQuery({
    queryKey: ordersKeys.preferredPharmacy(patientId),
    queryFn: ({ signal }) => api.GET("/patient/pharmacy/{id}", { path: { id: patientId }, signal }),
  });
  // The patient's own pharmacy is proposed first, and chosen when nothing is.
  const preferredPharmacy = preferred.data?.pharmacy ?? null;
  useEffect(() => {
    if (preferredPharmacy && !value) onChange(preferredPharmacy);
    // Only when the preferred pharmacy arrives.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [preferredPharmacy?.ncpdp]);
  const term = search.trim();
  // The Select offers US_STATE_CODES only: a chosen state is one of them.
  const stateFilter = (state || undefined) as UsState | undefined;
  const results = useQuery({
    queryKey: ["orders", "pharmacies", term, state, offset, offline],
    // Offline, the shipped directory the server searches is searched here.
    queryFn: ({ signal }) => offline
      ? Promise.resolve(searchPharmacies({ search: term, state: stateFilter, offset, limit: PHARMACIES_PAGE }))
      : api.GET("/pharmacies", { query: { search: term, state: stateFilter, offset, limit: PHARMACIES_PAGE }, signal }),
    enabled: term.length >= 3,
    networkMode: offline ? "always" : "online",
    // Another page of the same search: the page shown (and its pager) stays while it loads; a new search starts empty.
    placeholderData: (previous, query) => query?.queryKey[2] === term && query?.queryKey[3] === state ? previous : undefined,
  });
  const choices = [
    ...(preferred.data?.pharmacy ? [{ p: preferred.data.pharmacy, preferred: true }] : []),
    ...(results.data?.list ?? []).filter((p) => p.ncpdp !== preferred.data?.pharmacy?.ncpdp).map((p) => ({ p, preferred: false })),
  ];
  return (
    <fieldset className="orders-choices">
      <legend>Pharmacy</legend>
      <div className="orders-grid">
        <TextField label="Search pharmacies" hint="At least 3 symbols: name, city, ZIP or NCPDP" value={search}
          onChange={(s) => { setSearch(s); setOffset(0); }} autoComplete="off" />
        <Select label="State" value={state} onChange={(s) => { setState(s); setOffset(0); }} placeholder="Any state"
          options={US_STATE_CODES.map((s) => ({ value: s, label: s }))} />
      </div>
      {term.length > 0 && term.length < 3 && <p className="muted">Type at least 3 symbols.</p>}
      {results.isError && <p className="form-error" role="alert">Pharmacies could not be searched.</p>}
      {choices.map(({ p, preferred: isPreferred }) => (
        <label key={p.ncpdp} className="orders-choice">
          <input type="radio" name="pharmacy" checked={value?.ncpdp === p.ncpdp} onChange={() => onChange(p)} />
          <span>
            <strong>{p.name}</strong>{isPreferred && <span className="orders-tag"> Patient's pharmacy</span>}
            <br />
            <span className="muted">{p.address}, {p.city}, {p.state} {p.zip} · NCPDP {p.ncpdp}{p.erx ? "" : " · fax only"}</span>
          </span>
        </label>
      ))}
      {results.data && (
        <Pager offset={offset} limit={PHARMACIES_PAGE} total={results.data.totalCount} busy={results.isPlaceholderData} onChange={setOffset}
          label="Pharmacy pages" />
      )}
      {error && <p className="field-error" role="alert">{error}</p>}
    </fieldset>
  );
}

/** Medications listed per search. */
export const MEDICATION_MATCHES = 10;

/** New (POST) or, with `draft`, an edit of that draft (PUT: only drafts can be edited). */
export function PrescriptionForm({ encounterId, patientId, draft, onSaved, onClose }: {
  encounterId: string; patientId: string; draft?: Prescription; onSaved: (p: Prescription) => void; onClose: () => void;
}) {
  const api = useApi();
  const device = useRecordOnDevice();
  const notify = useSnackbar();
  const [search, setSearch] = useState("");
  const num = (s: string) => (s.trim() === "" ? undefined : Number(s));
  // Only a draft is edited: its form checks the update; the submit parses again for the route's type.
  const schema: z.ZodType<unknown> = draft ? prescriptionUpdateSchema : prescriptionCreateSchema;
  const form = useForm({
    schema,
    idPrefix: "prescription",
    // The failure is shown as an alert above the buttons, not also in a snackbar.
    announceFailure: false,
    initial: {
      med: null as MedicationChoice | null,
      // A draft's pharmacy (the fields a prescription carries) until another is chosen; the picker only compares NCPDP ids.
      pharmacy: (draft?.pharmacy ?? null) as Prescription["pharmacy"] | Pharmacy,
      substitution: draft ? draft.substitutionAllowed : true,
      instructions: draft?.instructions ?? "", quantity: draft ? String(draft.quantity) : "", unit: draft?.unit ?? "",
      days: draft ? String(draft.days) : "", refills: draft ? String(draft.refills) : "0", additionalSig: draft?.additionalSig ?? "",
      pharmacistMessage: draft?.pharmacistMessage ?? "",
    },
    toInput: (v) => ({
      medicationId: v.med?.rxcui ?? draft?.medicationId, instructions: v.instructions, quantity: num(v.quantity), unit: v.unit || undefined,
      days: num(v.days), refills: num(v.refills), substitutionAllowed: v.substitution, daw: !v.substitution, additionalSig: v.additionalSig,
      pharmacistMessage: v.pharmacistMessage, pharmacyId: v.pharmacy?.ncpdp ?? null,
    }),
  });
  const { values: v, errors: fields } = form;
  const { med, pharmacy } = v;
  // The patient's recorded allergies, from the device's copy of the card (the care team's devices hold it).
  const allergies = usePanelPatient(patientId).patient?.card?.allergies ?? [];
  const flags = med ? allergyMatches(allergies.map((a) => ({ name: a.name ?? "" })), med) : [];
  const set = (k: "instructions" | "quantity" | "unit" | "days" | "refills" | "additionalSig" | "pharmacistMessage") => (value: string) =>
    form.set(k, value);
  const error = form.formError ?? fields._;
  const term = search.trim();
  const meds = useQuery({
    queryKey: ["orders", "catalogue", "medications", term, device.offline],
    // One more than shown: whether more match is then known. Offline, the shipped list the server searches.
    queryFn: ({ signal }) => device.offline
      ? Promise.resolve(searchMedications(term, MEDICATION_MATCHES + 1).map((m) => ({ ...m, refusal: medicationRefusal(m) })))
      : api.GET("/encounterPrescriptions/medications", { query: { search: term, limit: MEDICATION_MATCHES + 1 }, signal }),
    enabled: term.length >= 2,
    networkMode: device.offline ? "always" : "online",
  });
  const matches = firstMatches(meds.data, MEDICATION_MATCHES);
  return (
    <form
      className="stack"
      noValidate
      onSubmit={form.handleSubmit(async (valid) => {
        if (draft) {
          onSaved(await api.PUT("/encounterPrescriptions/{id}", { path: { id: draft.id }, body: prescriptionUpdateSchema.parse(valid) }));
          return;
        }
        const input = prescriptionCreateSchema.parse(valid);
        if (device.offline) {
          await device.record({ kind: "prescription", patientId, encounterId, input });
          notify(SAVED_ON_DEVICE, "success");
          onClose();
          return;
        }
        onSaved(await api.POST("/encounterPrescriptions/{encounterId}", { path: { encounterId }, body: input }));
      })}
    >
      <TextField label="Find a medication" hint="Generic name or RxCUI" value={search} onChange={setSearch} autoComplete="off" />
      <fieldset className="orders-choices">
        <legend>Medication</legend>
        {meds.data?.length === 0 && <p className="muted">No medication matches “{term}”.</p>}
        {matches.shown.map((m) => (
          <label key={m.rxcui} className={`orders-choice${m.refusal ? " orders-choice--refused" : ""}`}>
            <input type="radio" name="medication" disabled={!!m.refusal} checked={med?.rxcui === m.rxcui}
              onChange={() => form.setValues((s) => ({ ...s, med: m, unit: s.unit || m.unit }))} />
            <span>{m.display}{m.refusal && <><br /><span className="muted">{m.refusal}</span></>}</span>
          </label>
        ))}
        <MoreMatches shown={matches.shown.length} more={matches.more} noun="medications" advice="type more of the name, or the RxCUI, to narrow them." />
        {fields.medicationId && <p className="field-error" role="alert">{fields.medicationId}</p>}
      </fieldset>
      {(med || draft) && <p>Prescribing: <strong>{med?.display ?? draft?.medication}</strong></p>}
      {flags.length > 0 && (
        <p className="orders-allergy" role="alert">Allergy warning: {flags.map((f) => `${f.reason} (recorded allergy: ${f.allergy})`).join("; ")}. Sending it will ask you to confirm.</p>
      )}
      <TextField label="Instructions (sig)" value={v.instructions} onChange={set("instructions")} multiline error={fields.instructions} required />
      <div className="orders-grid">
        <TextField label="Quantity" inputMode="numeric" value={v.quantity} onChange={set("quantity")} error={fields.quantity} required />
        <Select label="Unit" value={v.unit} onChange={set("unit")} placeholder="Choose" options={DISPENSE_UNITS.map((u) => ({ value: u, label: u }))} error={fields.unit} />
        <TextField label="Days" inputMode="numeric" value={v.days} onChange={set("days")} error={fields.days} required />
        <TextField label="Refills" inputMode="numeric" value={v.refills} onChange={set("refills")} error={fields.refills} />
      </div>
      <Checkbox label="Substitution allowed (untick for dispense as written)" checked={v.substitution} onChange={(on) => form.set("substitution", on)} error={fields.daw} />
      <TextField label="Additional sig" value={v.additionalSig} onChange={set("additionalSig")} error={fields.additionalSig} />
      <TextField label="Message to the pharmacist" value={v.pharmacistMessage} onChange={set("pharmacistMessage")} error={fields.pharmacistMessage}
        hint="At most 210 symbols" />
      <PharmacyPicker patientId={patientId} value={pharmacy} onChange={(p) => form.set("pharmacy", p)} error={fields.pharmacyId} />
      {error && <p className="form-error" role="alert">{error}</p>}
      <div className="row">
        <Button type="submit" loading={form.submitting}>{draft ? "Save changes" : "Save draft"}</Button>
        <Button type="button" variant="secondary" onClick={onClose}>Cancel</Button>
      </div>
    </form>
  );
}
