/** The order dialogs' forms: lab, imaging, referral. Each checks with the shared schema before sending. */
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import {
  BODY_PARTS, CONTRAST, IMAGING_TYPES, type Imaging, imagingCreateSchema, type Lab, labCreateSchema, LATERALITIES, type Referral,
  referralCreateSchema, URGENCIES,
} from "../../../../../sync/schemas/orders.ts";
import { toFormData } from "../../../lib/api/index.ts";
import { type FormController, useForm } from "../../../lib/forms/use-form.ts";
import { useApi } from "../../../lib/app-deps.tsx";
import { Button, firstMatches, MoreMatches, Select, TextField, useSnackbar } from "../../../ui/index.ts";
import { SAVED_ON_DEVICE, useRecordOnDevice } from "../../sync/index.ts";
import { ContactPicker } from "../../team/index.ts";

const options = (values: readonly string[]) => values.map((v) => ({ value: v, label: v[0].toUpperCase() + v.slice(1) }));

/** The order forms show a failure here as an alert of their own, so it is not also put in a snackbar. */
const ORDER_FORM = { announceFailure: false } as const;

type FooterForm = Pick<FormController<Record<string, unknown>, unknown>, "formError" | "errors" | "submitting">;

function FormFooter({ form, onClose, label }: { form: FooterForm; onClose: () => void; label: string }) {
  // A failed request, or an issue of the whole input (`_`, e.g. "Nothing to change").
  const error = form.formError ?? form.errors._;
  return (
    <>
      {error && <p className="form-error" role="alert">{error}</p>}
      <div className="row">
        <Button type="submit" loading={form.submitting}>{label}</Button>
        <Button type="button" variant="secondary" onClick={onClose}>Cancel</Button>
      </div>
    </>
  );
}

/** Lab tests listed per search. */
export const LAB_MATCHES = 12;

export function LabForm({ encounterId, onSaved, onClose }: { encounterId: string; onSaved: (lab: Lab) => void; onClose: () => void }) {
  const api = useApi();
  const [search, setSearch] = useState("");
  const form = useForm({ ...ORDER_FORM, schema: labCreateSchema, initial: { code: "", comment: "" }, idPrefix: "lab" });
  const { values, errors } = form;
  const tests = useQuery({
    queryKey: ["orders", "catalogue", "labs", search.trim()],
    // One more than shown: whether more match is then known.
    queryFn: ({ signal }) => api.GET("/encounterLabs/dropdown/list", { query: { search: search.trim(), limit: LAB_MATCHES + 1 }, signal }),
  });
  const matches = firstMatches(tests.data, LAB_MATCHES);
  const chosen = tests.data?.find((t) => t.code === values.code);
  return (
    <form
      className="stack"
      noValidate
      onSubmit={form.handleSubmit(async (body) => onSaved(await api.POST("/encounterLabs/{encounterId}", { path: { encounterId }, body })))}
    >
      <TextField label="Find a test (name or LOINC code)" value={search} onChange={setSearch} autoComplete="off" />
      <fieldset className="orders-choices">
        <legend>Test</legend>
        {tests.isLoading && <p className="muted">Searching…</p>}
        {tests.data?.length === 0 && <p className="muted">No test matches “{search}”.</p>}
        {matches.shown.map((t) => (
          <label key={t.code} className="orders-choice">
            <input type="radio" name="lab-code" value={t.code} checked={values.code === t.code} onChange={() => form.set("code", t.code)} />
            <span>{t.name} <span className="chart-code">{t.code}</span></span>
          </label>
        ))}
        <MoreMatches shown={matches.shown.length} more={matches.more} noun="tests" advice="type more of the name or the LOINC code to narrow them." />
        {errors.code && <p className="field-error" role="alert">{errors.code}</p>}
      </fieldset>
      {chosen && <p>Ordering: <strong>{chosen.name}</strong></p>}
      <TextField label="Comment (optional)" value={values.comment} onChange={(v) => form.set("comment", v)} multiline error={errors.comment} />
      <FormFooter form={form} onClose={onClose} label="Order lab" />
    </form>
  );
}

export function ImagingForm({ encounterId, onSaved, onClose }: { encounterId: string; onSaved: (i: Imaging) => void; onClose: () => void }) {
  const api = useApi();
  const form = useForm({
    ...ORDER_FORM,
    schema: imagingCreateSchema,
    idPrefix: "imaging",
    initial: {
      type: "X-Ray", bodyPart: "", laterality: "not applicable", contrast: "no", contrastAllergy: "", implants: "", clinicalHistory: "",
      imagingCenter: "", comments: "", documents: [] as File[],
    },
    // The files go as parts of their own, beside the fields the schema checks.
    toInput: ({ documents: _documents, ...fields }) => fields,
  });
  const { values: v, errors: fields } = form;
  const set = (k: Exclude<keyof typeof v, "documents">) => (value: string) => form.set(k, value);
  return (
    <form
      className="stack"
      noValidate
      onSubmit={form.handleSubmit(async (valid) => {
        const body = toFormData({ ...valid });
        for (const f of v.documents) body.append("documents", f);
        onSaved(await api.POST("/encounterImagings/{encounterId}", { path: { encounterId }, form: body }));
      })}
    >
      <div className="orders-grid">
        <Select label="Type" value={v.type} onChange={set("type")} options={IMAGING_TYPES.map((t) => ({ value: t, label: t }))} error={fields.type} />
        <Select label="Body part" value={v.bodyPart} onChange={set("bodyPart")} options={options(BODY_PARTS)} placeholder="Choose" error={fields.bodyPart} />
        <Select label="Laterality" value={v.laterality} onChange={set("laterality")} options={options(LATERALITIES)} error={fields.laterality} />
        <Select label="Contrast" value={v.contrast} onChange={set("contrast")} options={options(CONTRAST)} error={fields.contrast} />
      </div>
      <TextField label="Contrast allergy" value={v.contrastAllergy} onChange={set("contrastAllergy")} error={fields.contrastAllergy} />
      <TextField label="Implants" value={v.implants} onChange={set("implants")} error={fields.implants} />
      <TextField label="Clinical history" value={v.clinicalHistory} onChange={set("clinicalHistory")} multiline error={fields.clinicalHistory} />
      <TextField label="Desired imaging center" value={v.imagingCenter} onChange={set("imagingCenter")} error={fields.imagingCenter} />
      <TextField label="Comments" value={v.comments} onChange={set("comments")} multiline error={fields.comments} />
      <label className="stack orders-file">
        <span>Documents (pdf, doc, jpg, png, mp4, avi, zip, rar, 7z, gzip)</span>
        <input type="file" multiple onChange={(e) => form.set("documents", [...(e.target.files ?? [])])} />
      </label>
      <FormFooter form={form} onClose={onClose} label="Order imaging" />
    </form>
  );
}

/** A referral draft; offline (issue 31) it is recorded on the device and the server creates it when it arrives. */
export function ReferralForm({ patientId, encounterId, onSaved, onClose }: {
  patientId: string; encounterId: string; onSaved: (r: Referral) => void; onClose: () => void;
}) {
  const api = useApi();
  const device = useRecordOnDevice();
  const notify = useSnackbar();
  const form = useForm({
    ...ORDER_FORM,
    schema: referralCreateSchema,
    idPrefix: "referral",
    initial: { specialty: "", reason: "", urgency: "routine", contactName: "", contactId: null as string | null },
  });
  const { values: v, errors: fields } = form;
  const set = (k: Exclude<keyof typeof v, "contactId">) => (value: string) => form.set(k, value);
  return (
    <form
      className="stack"
      noValidate
      onSubmit={form.handleSubmit(async (input) => {
        if (device.offline) {
          await device.record({ kind: "referral", patientId, encounterId, input });
          notify(SAVED_ON_DEVICE, "success");
          onClose();
          return;
        }
        onSaved(await api.POST("/encounterReferrals/{encounterId}", { path: { encounterId }, body: input }));
      })}
    >
      <TextField label="Specialty" value={v.specialty} onChange={set("specialty")} error={fields.specialty} required />
      <TextField label="Reason" value={v.reason} onChange={set("reason")} multiline error={fields.reason} required />
      <Select label="Urgency" value={v.urgency} onChange={set("urgency")} options={options(URGENCIES)} error={fields.urgency} />
      {/* The practice's address book (needs the network); a clinician not in it is typed instead. */}
      {!device.offline && (
        <ContactPicker
          label="Refer to"
          value={v.contactId ?? ""}
          onChange={(c) =>
            form.setValues((s) => ({ ...s, contactId: c?.id ?? null, contactName: c ? [c.name, c.organization].filter(Boolean).join(", ") : "" }))}
          error={fields.contactId}
        />
      )}
      {!v.contactId && (
        <TextField
          label={device.offline ? "Refer to (clinician or practice)" : "Or type a clinician or practice not in your contacts"}
          value={v.contactName}
          onChange={set("contactName")}
          error={fields.contactName}
        />
      )}
      <FormFooter form={form} onClose={onClose} label="Save referral draft" />
    </form>
  );
}
