import { useState } from "react";
import { useMutation } from "@tanstack/react-query";
import { useApi } from "../../../lib/app-deps.tsx";
import { errorMessage } from "../../../lib/api/api-error.ts";
import { useForm } from "../../../lib/forms/use-form.ts";
import { Button, Checkbox, Dialog, Select, TextField, useSnackbar } from "../../../ui/index.ts";
import {
  INTERVAL_MAX,
  type Plan,
  type PlanInput,
  PLAN_CATEGORIES,
  PLAN_DESCRIPTION_MAX,
  PLAN_INTERVALS,
  planInputSchema,
  PRICE_CHANGE_NOTICE_DAYS,
  type PriceChangePreview,
} from "../../../../../sync/schemas/membership.ts";
import { dollarsToCents, formatUsd } from "../../../../../sync/rules/money.ts";
import { PriceChangeConfirm, priceChangePreview } from "../components/PriceChangeConfirm.tsx";
import { centsToDollars, NOT_DOLLARS } from "../doctor/format.ts";

const INTERVAL_LABEL: Record<Plan["interval"], string> = { day: "Days", week: "Weeks", month: "Months", year: "Years", custom: "Custom (days)" };
const CATEGORY_LABEL: Record<Plan["category"], string> = { primary: "Primary care", specialty: "Specialty care", "one-time": "One-time" };

/** A whole number as typed, for the schema to judge ("" → null, "1.5" or "x" → NaN). */
const wholeOrNull = (text: string) => (text.trim() === "" ? null : /^-?\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);

/** Create or edit a plan: every field of 02 §3, checked by the server's own schema before it is sent. */
export function PlanDialog({ plan, onClose, onSaved }: { plan: Plan | null; onClose: () => void; onSaved: () => void }) {
  const api = useApi();
  const notify = useSnackbar();
  // The fields as typed, under the schema's names: an edit clears that field's error, and the first in error gets the focus.
  const form = useForm({
    schema: planInputSchema,
    idPrefix: "plan",
    // The failure is shown as an alert in the dialog, not also in a snackbar.
    announceFailure: false,
    initial: {
      name: plan?.name ?? "",
      description: plan?.description ?? "",
      priceCents: centsToDollars(plan?.priceCents ?? null),
      initialPriceCents: centsToDollars(plan?.initialPriceCents ?? null),
      interval: plan?.interval ?? "month" as string,
      intervalCount: String(plan?.intervalCount ?? 1),
      trialDays: String(plan?.trialDays ?? 0),
      autoRenewable: plan?.autoRenewable ?? true,
      loyalClientsOnly: plan?.loyalClientsOnly ?? false,
      availableClients: plan?.availableClients === null || plan?.availableClients === undefined ? "" : String(plan.availableClients),
      category: plan?.category ?? "primary" as string,
      welcomePackage: plan?.welcomePackage ?? false,
    },
    toInput: (v) => ({
      ...v,
      priceCents: dollarsToCents(v.priceCents) ?? undefined,
      initialPriceCents: dollarsToCents(v.initialPriceCents),
      intervalCount: wholeOrNull(v.intervalCount) ?? undefined,
      trialDays: wholeOrNull(v.trialDays) ?? 0,
      availableClients: wholeOrNull(v.availableClients),
    }),
    extraCheck: (v) => ({
      ...(Number.isNaN(dollarsToCents(v.priceCents)) ? { priceCents: NOT_DOLLARS } : {}),
      ...(Number.isNaN(dollarsToCents(v.initialPriceCents)) ? { initialPriceCents: NOT_DOLLARS } : {}),
    }),
  });
  const { values, errors } = form;
  const set = <K extends keyof typeof values>(name: K) => (value: (typeof values)[K]) => form.set(name, value);
  const [confirming, setConfirming] = useState<{ preview: PriceChangePreview; body: PlanInput } | null>(null);
  // A confirmed price change: the dialog stays with its undo until members are told (issue 32).
  const [pending, setPending] = useState<Plan | null>(null);
  const saved = (p: Plan) => {
    notify("Plan saved", "success");
    onSaved();
    if (p.priceUndoUntil) setPending(p);
    else onClose();
  };
  const submit = form.handleSubmit(async (body) => {
    try {
      saved(await (plan ? api.PUT("/plans/{id}", { path: { id: plan.id }, body }) : api.POST("/plans", { body })));
    } catch (e) {
      const preview = priceChangePreview(e);
      if (!preview) throw e;
      setConfirming({ preview, body });
    }
  });
  const failure = form.formError ?? errors._;
  if (pending?.priceUndoUntil) {
    return <PendingPriceChange plan={pending} onUndone={onSaved} onClose={onClose} />;
  }
  const max = INTERVAL_MAX[values.interval as Plan["interval"]] ?? 365;
  const priceChanges = plan !== null && dollarsToCents(values.priceCents) !== plan.priceCents;
  return (
    <Dialog open wide title={plan ? `Edit ${plan.name}` : "New plan"} onClose={onClose}>
      <form className="stack" noValidate onSubmit={submit}>
        <TextField id="plan-name" label="Name" value={values.name} onChange={set("name")} maxLength={100} required error={errors.name} />
        <TextField id="plan-description" label="Description" multiline value={values.description} onChange={set("description")}
          maxLength={PLAN_DESCRIPTION_MAX} error={errors.description} />
        <div className="row" style={{ flexWrap: "wrap", alignItems: "flex-start" }}>
          <TextField id="plan-priceCents" label="Price (USD)" inputMode="decimal" value={values.priceCents} onChange={set("priceCents")} required
            error={errors.priceCents} hint="Charged each period; above 0" />
          <TextField id="plan-initialPriceCents" label="Initial price (USD)" inputMode="decimal" value={values.initialPriceCents} onChange={set("initialPriceCents")}
            error={errors.initialPriceCents} hint="Empty: none" />
        </div>
        {priceChanges && (
          <p className="muted" role="status">
            New members pay the new price at once; existing members are told and keep their price for {PRICE_CHANGE_NOTICE_DAYS} days.
          </p>
        )}
        <div className="row" style={{ flexWrap: "wrap", alignItems: "flex-start" }}>
          <Select id="plan-interval" label="Interval" value={values.interval} onChange={set("interval")} error={errors.interval}
            options={PLAN_INTERVALS.map((i) => ({ value: i, label: INTERVAL_LABEL[i] }))} />
          <TextField id="plan-intervalCount" label="Interval count" inputMode="numeric" value={values.intervalCount} onChange={set("intervalCount")} required
            error={errors.intervalCount} hint={`1 to ${max}`} />
          <TextField id="plan-trialDays" label="Trial days" inputMode="numeric" value={values.trialDays} onChange={set("trialDays")} error={errors.trialDays}
            hint="0 for no trial" />
        </div>
        <div className="row" style={{ flexWrap: "wrap", alignItems: "flex-start" }}>
          <Select id="plan-category" label="Category" value={values.category} onChange={set("category")} error={errors.category}
            options={PLAN_CATEGORIES.map((c) => ({ value: c, label: CATEGORY_LABEL[c] }))} />
          <TextField id="plan-availableClients" label="Available places" inputMode="numeric" value={values.availableClients} onChange={set("availableClients")}
            error={errors.availableClients} hint="Empty: no limit" />
        </div>
        <Checkbox label="Renews automatically" checked={values.autoRenewable} onChange={set("autoRenewable")} error={errors.autoRenewable} />
        <Checkbox label="Only for loyal clients" checked={values.loyalClientsOnly} onChange={set("loyalClientsOnly")} error={errors.loyalClientsOnly} />
        <Checkbox label="Includes a welcome package" checked={values.welcomePackage} onChange={set("welcomePackage")} error={errors.welcomePackage} />
        {failure && <p className="form-error" role="alert">{failure}</p>}
        <div className="row">
          <Button type="submit" loading={form.submitting}>Save plan</Button>
          <Button variant="secondary" onClick={onClose}>Cancel</Button>
        </div>
      </form>
      {confirming && plan && (
        <PriceChangeConfirm
          preview={confirming.preview}
          planName={plan.name}
          onConfirm={async () => saved(await api.PUT("/plans/{id}", { path: { id: plan.id }, body: { ...confirming.body, confirmNotice: true } }))}
          onClose={() => setConfirming(null)}
        />
      )}
    </Dialog>
  );
}

/** After a confirmed new price: when members are told, and the undo until then (`POST /plans/{id}/price/undo`). */
function PendingPriceChange({ plan, onUndone, onClose }: { plan: Plan; onUndone: () => void; onClose: () => void }) {
  const api = useApi();
  const notify = useSnackbar();
  const undo = useMutation({
    mutationFn: () => api.POST("/plans/{id}/price/undo", { path: { id: plan.id } }),
    onSuccess: (p) => {
      notify(`Price change undone: ${formatUsd(p.priceCents)} again, no member was told`, "success");
      onUndone();
      onClose();
    },
  });
  const at = new Date(plan.priceUndoUntil!).toLocaleTimeString([], { hour: "numeric", minute: "2-digit" });
  return (
    <Dialog open title={`${plan.name}: new price saved`} onClose={onClose}>
      <div className="stack">
        <p role="status">Members are told of {formatUsd(plan.priceCents)} at {at}. Until then you can undo it and no one is told.</p>
        {undo.isError && <p className="form-error" role="alert">{errorMessage(undo.error)}</p>}
        <div className="row">
          <Button variant="secondary" loading={undo.isPending} onClick={() => undo.mutate()}>Undo price change</Button>
          <Button onClick={onClose}>Done</Button>
        </div>
      </div>
    </Dialog>
  );
}
