/** The order dialogs' forms: lab, imaging, referral. Each checks with the shared schema before sending. */
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import {
  BODY_PARTS, CONTRAST, IMAGING_TYPES, type Imaging, imagingCreateSchema, type Lab, labCreateSchema, LATERALITIES, type Referral,
  referralCreateSchema, URGENCIES,
} from "../../../../../sync/schemas/orders.ts";
import { toFormData } from "../../../lib/api/index.ts";
import { useApi } from "../../../lib/app-deps.tsx";
import { Button, firstMatches, MoreMatches, Select, TextField, useSnackbar } from "../../../ui/index.ts";
import { SAVED_ON_DEVICE, useRecordOnDevice } from "../../chart/hooks/use-record-on-device.ts";
import { useSubmit } from "../lib/use-submit.ts";
import { ContactPicker } from "../../team/index.ts";

const options = (values: readonly string[]) => values.map((v) => ({ value: v, label: v[0].toUpperCase() + v.slice(1) }));

function FormFooter({ busy, error, onClose, label }: { busy: boolean; error: string | null; onClose: () => void; label: string }) {
  return (
    <>
      {error && <p className="form-error" role="alert">{error}</p>}
      <div className="row">
        <Button type="submit" loading={busy}>{label}</Button>
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
  const [code, setCode] = useState("");
  const [comment, setComment] = useState("");
  const { fields, error, busy, submit } = useSubmit();
  const tests = useQuery({
    queryKey: ["orders", "catalogue", "labs", search.trim()],
    // One more than shown: whether more match is then known.
    queryFn: ({ signal }) => api.GET("/encounterLabs/dropdown/list", { query: { search: search.trim(), limit: LAB_MATCHES + 1 }, signal }),
  });
  const matches = firstMatches(tests.data, LAB_MATCHES);
  const chosen = tests.data?.find((t) => t.code === code);
  return (
    <form
      className="stack"
      noValidate
      onSubmit={async (e) => {
        e.preventDefault();
        const saved = await submit(labCreateSchema, { code, comment }, (body) => api.POST("/encounterLabs/{encounterId}", { path: { encounterId }, body }));
        if (saved) onSaved(saved);
      }}
    >
      <TextField label="Find a test (name or LOINC code)" value={search} onChange={setSearch} autoComplete="off" />
      <fieldset className="orders-choices">
        <legend>Test</legend>
        {tests.isLoading && <p className="muted">Searching…</p>}
        {tests.data?.length === 0 && <p className="muted">No test matches “{search}”.</p>}
        {matches.shown.map((t) => (
          <label key={t.code} className="orders-choice">
            <input type="radio" name="lab-code" value={t.code} checked={code === t.code} onChange={() => setCode(t.code)} />
            <span>{t.name} <span className="chart-code">{t.code}</span></span>
          </label>
        ))}
        <MoreMatches shown={matches.shown.length} more={matches.more} noun="tests" advice="type more of the name or the LOINC code to narrow them." />
        {fields.code && <p className="field-error" role="alert">{fields.code}</p>}
      </fieldset>
      {chosen && <p>Ordering: <strong>{chosen.name}</strong></p>}
      <TextField label="Comment (optional)" value={comment} onChange={setComment} multiline error={fields.comment} />
      <FormFooter busy={busy} error={error} onClose={onClose} label="Order lab" />
    </form>
  );
}

export function ImagingForm({ encounterId, onSaved, onClose }: { encounterId: string; onSaved: (i: Imaging) => void; onClose: () => void }) {
  const api = useApi();
  const [v, setV] = useState({
    type: "X-Ray", bodyPart: "", laterality: "not applicable", contrast: "no", contrastAllergy: "", implants: "", clinicalHistory: "",
    imagingCenter: "", comments: "",
  });
  const [files, setFiles] = useState<File[]>([]);
  const set = (k: keyof typeof v) => (value: string) => setV((s) => ({ ...s, [k]: value }));
  const { fields, error, busy, submit } = useSubmit();
  return (
    <form
      className="stack"
      noValidate
      onSubmit={async (e) => {
        e.preventDefault();
        const saved = await submit(imagingCreateSchema, v, (valid) => {
          const form = toFormData({ ...valid });
          for (const f of files) form.append("documents", f);
          return api.POST("/encounterImagings/{encounterId}", { path: { encounterId }, form });
        });
        if (saved) onSaved(saved);
      }}
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
        <input type="file" multiple onChange={(e) => setFiles([...(e.target.files ?? [])])} />
      </label>
      <FormFooter busy={busy} error={error} onClose={onClose} label="Order imaging" />
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
  const [v, setV] = useState({ specialty: "", reason: "", urgency: "routine", contactName: "", contactId: null as string | null });
  const set = (k: keyof typeof v) => (value: string) => setV((s) => ({ ...s, [k]: value }));
  const { fields, error, busy, submit } = useSubmit();
  return (
    <form
      className="stack"
      noValidate
      onSubmit={async (e) => {
        e.preventDefault();
        if (device.offline) {
          const recorded = await submit(referralCreateSchema, v, (input) => device.record({ kind: "referral", patientId, encounterId, input }));
          if (recorded) {
            notify(SAVED_ON_DEVICE, "success");
            onClose();
          }
          return;
        }
        const saved = await submit(referralCreateSchema, v, (body) => api.POST("/encounterReferrals/{encounterId}", { path: { encounterId }, body }));
        if (saved) onSaved(saved);
      }}
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
            setV((s) => ({ ...s, contactId: c?.id ?? null, contactName: c ? [c.name, c.organization].filter(Boolean).join(", ") : "" }))}
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
      <FormFooter busy={busy} error={error} onClose={onClose} label="Save referral draft" />
    </form>
  );
}
