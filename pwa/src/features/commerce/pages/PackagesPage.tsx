import { useState } from "react";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useApi } from "../../../lib/app-deps.tsx";
import { errorMessage } from "../../../lib/api/api-error.ts";
import { useForm } from "../../../lib/forms/use-form.ts";
import { Button, Checkbox, Dialog, EmptyState, Pager, Select, Spinner, TextField, useOffsetInRange, useSnackbar } from "../../../ui/index.ts";
import { type PaidService, paidServiceInputSchema, type ServiceField } from "../../../../../sync/schemas/commerce.ts";
import { PlansSection } from "../../memberships/index.ts";
import { centsAsDecimal, formatUsd, positiveCents } from "../../../../../sync/rules/money.ts";
import { commerceKeys } from "../keys.ts";

/** Paid services per page. */
export const SERVICES_PAGE = 50;

/** What a row's buttons change: active or not, on the homepage or not. */
type FlagChange = "activate" | "deactivate" | "add-to-homepage" | "remove-from-homepage";

/** `/admin/packages`: the paid services (50 a page) and the membership plans (create, edit, activate/deactivate, homepage). */
export function PackagesPage() {
  const api = useApi();
  const notify = useSnackbar();
  const client = useQueryClient();
  const [offset, setOffset] = useState(0);
  const list = useQuery({
    queryKey: [...commerceKeys.all, "services", "admin", offset],
    queryFn: () => api.GET("/paidServices/list", { query: { limit: SERVICES_PAGE, offset } }),
    placeholderData: keepPreviousData,
  });
  useOffsetInRange(offset, SERVICES_PAGE, list.data?.totalCount, setOffset);
  const [editing, setEditing] = useState<PaidService | "new" | null>(null);
  const flag = useMutation({
    mutationFn: ({ id, change }: { id: string; change: FlagChange }) => {
      const init = { path: { id } };
      switch (change) {
        case "activate":
          return api.PUT("/paidServices/activate/{id}", init);
        case "deactivate":
          return api.PUT("/paidServices/deactivate/{id}", init);
        case "add-to-homepage":
          return api.PUT("/paidServices/{id}/add-to-homepage", init);
        case "remove-from-homepage":
          return api.PUT("/paidServices/{id}/remove-from-homepage", init);
      }
    },
    onSuccess: () => void client.invalidateQueries({ queryKey: commerceKeys.all }),
    onError: (e) => notify(errorMessage(e), "error"),
  });
  return (
    <section className="stack" aria-labelledby="packages-title">
      <title>Packages · DPC Telehealth</title>
      <h1 id="packages-title">Packages</h1>
      <nav aria-label="Packages sections">
        <ul className="row" style={{ listStyle: "none", padding: 0 }}>
          <li><a href="#paid-services-title">Paid services</a></li>
          <li><a href="#plans-title">Membership plans</a></li>
        </ul>
      </nav>
      <h2 id="paid-services-title">Paid services</h2>
      <div><Button onClick={() => setEditing("new")}>New service</Button></div>
      {list.isPending && <Spinner label="Loading services" />}
      {list.isError && <p className="form-error" role="alert">{errorMessage(list.error)}</p>}
      {list.data && list.data.totalCount === 0 && <EmptyState title="No paid services yet" />}
      {list.data && list.data.list.length > 0 && (
        <div style={{ overflowX: "auto" }}>
          <table className="data-table">
            <caption className="visually-hidden">Paid services</caption>
            <thead><tr><th scope="col">Name</th><th scope="col">Non-members</th><th scope="col">Members</th><th scope="col">Active</th><th scope="col">Homepage</th><th scope="col"><span className="visually-hidden">Actions</span></th></tr></thead>
            <tbody>
              {list.data.list.map((s) => (
                <tr key={s.id}>
                  <td>{s.name}</td>
                  <td>{s.nonSubscriberPriceCents === null ? "—" : formatUsd(s.nonSubscriberPriceCents)}</td>
                  <td>{s.subscriberPriceCents === null ? "—" : formatUsd(s.subscriberPriceCents)}</td>
                  <td>{s.isActive ? "Yes" : "No"}</td>
                  <td>{s.isHomepage ? "Yes" : "No"}</td>
                  <td className="row">
                    <Button variant="text" onClick={() => setEditing(s)} aria-label={`Edit ${s.name}`}>Edit</Button>
                    <Button variant="text" onClick={() => flag.mutate({ id: s.id, change: s.isActive ? "deactivate" : "activate" })}
                      aria-label={`${s.isActive ? "Deactivate" : "Activate"} ${s.name}`}>{s.isActive ? "Deactivate" : "Activate"}</Button>
                    <Button variant="text" onClick={() => flag.mutate({ id: s.id, change: s.isHomepage ? "remove-from-homepage" : "add-to-homepage" })}
                      aria-label={`${s.isHomepage ? "Remove from homepage" : "Add to homepage"}: ${s.name}`}>{s.isHomepage ? "Remove from homepage" : "Add to homepage"}</Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {list.data && <Pager offset={offset} limit={SERVICES_PAGE} total={list.data.totalCount} busy={list.isPlaceholderData} onChange={setOffset} label="Paid services pages" />}
      {editing && <ServiceDialog service={editing === "new" ? null : editing} onClose={() => setEditing(null)} />}
      <PlansSection />
    </section>
  );
}

const dollars = (c: number | null) => (c === null ? "" : centsAsDecimal(c));

function ServiceDialog({ service, onClose }: { service: PaidService | null; onClose: () => void }) {
  const api = useApi();
  const notify = useSnackbar();
  const client = useQueryClient();
  const price = (text: string) => (text.trim() === "" ? null : positiveCents(text) ?? Number.NaN);
  const whole = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);
  const form = useForm({
    schema: paidServiceInputSchema,
    idPrefix: "service",
    // Every problem is said at once above the buttons (an alert of its own), not in a snackbar.
    announceFailure: false,
    initial: {
      name: service?.name ?? "",
      description: service?.description ?? "",
      nonMember: dollars(service?.nonSubscriberPriceCents ?? null),
      member: dollars(service?.subscriberPriceCents ?? null),
      fields: service?.fields ?? [] as ServiceField[],
      attachableFiles: service?.attachableFiles ?? false,
      intakeForm: service?.intakeForm ?? false,
      // 02 §9 (imaging referral): further requests within a first's window at their own price, and a refund window.
      hasAdditional: Boolean(service?.additional),
      additionalPrice: dollars(service?.additional?.priceCents ?? null),
      additionalMax: String(service?.additional?.max ?? 3),
      additionalDays: String(service?.additional?.withinDays ?? 30),
      refundDays: service?.refundWindowDays ? String(service.refundWindowDays) : "",
    },
    toInput: (v) => ({
      name: v.name, description: v.description, nonSubscriberPriceCents: price(v.nonMember), subscriberPriceCents: price(v.member),
      fields: v.fields, attachableFiles: v.attachableFiles, intakeForm: v.intakeForm,
      additional: v.hasAdditional
        ? { priceCents: price(v.additionalPrice) ?? Number.NaN, max: whole(v.additionalMax), withinDays: whole(v.additionalDays) }
        : null,
      refundWindowDays: v.refundDays.trim() === "" ? null : whole(v.refundDays),
    }),
  });
  const { values } = form;
  const set = <K extends keyof typeof values>(name: K) => (value: (typeof values)[K]) => form.set(name, value);
  const submit = form.handleSubmit(async (body) => {
    await (service ? api.PUT("/paidServices/{id}", { path: { id: service.id }, body }) : api.POST("/paidServices", { body }));
    notify("Service saved", "success");
    void client.invalidateQueries({ queryKey: commerceKeys.all });
    onClose();
  });
  const error = form.formError ?? Object.values(form.errors).join(". ");
  const fields = values.fields;
  const setFields = set("fields");
  const setField = (i: number, patch: Partial<ServiceField>) => setFields(fields.map((f, j) => (j === i ? { ...f, ...patch } : f)));
  return (
    <Dialog open wide title={service ? "Edit service" : "New service"} onClose={onClose}>
      <form className="stack" onSubmit={submit}>
        <TextField label="Name" value={values.name} onChange={set("name")} maxLength={100} required />
        <TextField label="Description" multiline value={values.description} onChange={set("description")} maxLength={1000} />
        <TextField label="Price without a membership (USD)" hint="Empty: only for members" inputMode="decimal" value={values.nonMember} onChange={set("nonMember")} />
        <TextField label="Price for members (USD)" hint="Empty: only for patients without a membership" inputMode="decimal" value={values.member} onChange={set("member")} />
        <fieldset className="stack">
          <legend>Fields the patient fills in</legend>
          {fields.map((f, i) => (
            <div key={i} className="row" style={{ flexWrap: "wrap", alignItems: "flex-end" }}>
              <TextField label={`Field ${i + 1} label`} value={f.label} onChange={(label) => setField(i, { label })} maxLength={100} />
              <Select label={`Field ${i + 1} kind`} value={f.kind} onChange={(kind) => setField(i, { kind: kind as ServiceField["kind"] })}
                options={[{ value: "input", label: "Text input" }, { value: "textarea", label: "Text area" }]} />
              <TextField label={`Field ${i + 1} placeholder`} value={f.placeholder} onChange={(placeholder) => setField(i, { placeholder })} maxLength={200} />
              <Checkbox label="Required" checked={f.required} onChange={(required) => setField(i, { required })} />
              <Button variant="text" onClick={() => setFields(fields.filter((_, j) => j !== i))} aria-label={`Remove field ${i + 1}`}>Remove</Button>
            </div>
          ))}
          <div>
            <Button variant="secondary" onClick={() => setFields([...fields, { key: `field${Date.now().toString(36)}`, label: "", kind: "input", placeholder: "", required: false }])}>
              Add field
            </Button>
          </div>
        </fieldset>
        <Checkbox label="Patients may attach files" checked={values.attachableFiles} onChange={set("attachableFiles")} />
        <Checkbox label="Ask the intake form" checked={values.intakeForm} onChange={set("intakeForm")} />
        <fieldset className="stack">
          <legend>Additional requests</legend>
          <Checkbox label="Further requests after a paid first one have their own price" checked={values.hasAdditional} onChange={set("hasAdditional")} />
          {values.hasAdditional && (
            <div className="row" style={{ flexWrap: "wrap", alignItems: "flex-end" }}>
              <TextField label="Price of an additional request (USD)" inputMode="decimal" value={values.additionalPrice} onChange={set("additionalPrice")} />
              <TextField label="At most (additional requests)" inputMode="numeric" value={values.additionalMax} onChange={set("additionalMax")} />
              <TextField label="Within (days of the first)" inputMode="numeric" value={values.additionalDays} onChange={set("additionalDays")} />
            </div>
          )}
        </fieldset>
        <TextField label="Refund window (days)" hint="Refunds are refused this many days after the purchase. Empty: no limit"
          inputMode="numeric" value={values.refundDays} onChange={set("refundDays")} />
        {error && <p className="form-error" role="alert">{error}</p>}
        <div className="row">
          <Button type="submit" loading={form.submitting}>Save</Button>
          <Button variant="secondary" onClick={onClose}>Cancel</Button>
        </div>
      </form>
    </Dialog>
  );
}
