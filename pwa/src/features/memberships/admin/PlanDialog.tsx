import { useState } from "react";
import { useMutation } from "@tanstack/react-query";
import { useApi } from "../../../lib/app-deps.tsx";
import { errorMessage, isApiError } from "../../../lib/api/api-error.ts";
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
import { centsToDollars, issuesByField } from "../doctor/format.ts";

const INTERVAL_LABEL: Record<Plan["interval"], string> = { day: "Days", week: "Weeks", month: "Months", year: "Years", custom: "Custom (days)" };
const CATEGORY_LABEL: Record<Plan["category"], string> = { primary: "Primary care", specialty: "Specialty care", "one-time": "One-time" };

/** A whole number as typed, for the schema to judge ("" → null, "1.5" or "x" → NaN). */
const wholeOrNull = (text: string) => (text.trim() === "" ? null : /^-?\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);

/** Create or edit a plan: every field of 02 §3, checked by the server's own schema before it is sent. */
export function PlanDialog({ plan, onClose, onSaved }: { plan: Plan | null; onClose: () => void; onSaved: () => void }) {
  const api = useApi();
  const notify = useSnackbar();
  const [name, setName] = useState(plan?.name ?? "");
  const [description, setDescription] = useState(plan?.description ?? "");
  const [price, setPrice] = useState(centsToDollars(plan?.priceCents ?? null));
  const [initial, setInitial] = useState(centsToDollars(plan?.initialPriceCents ?? null));
  const [interval, setPlanInterval] = useState<string>(plan?.interval ?? "month");
  const [count, setCount] = useState(String(plan?.intervalCount ?? 1));
  const [trial, setTrial] = useState(String(plan?.trialDays ?? 0));
  const [autoRenewable, setAutoRenewable] = useState(plan?.autoRenewable ?? true);
  const [loyal, setLoyal] = useState(plan?.loyalClientsOnly ?? false);
  const [available, setAvailable] = useState(plan?.availableClients === null || plan?.availableClients === undefined ? "" : String(plan.availableClients));
  const [category, setCategory] = useState<string>(plan?.category ?? "primary");
  const [welcome, setWelcome] = useState(plan?.welcomePackage ?? false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [confirming, setConfirming] = useState<{ preview: PriceChangePreview; body: PlanInput } | null>(null);
  // A confirmed price change: the dialog stays with its undo until members are told (issue 32).
  const [pending, setPending] = useState<Plan | null>(null);
  const saved = (p: Plan) => {
    notify("Plan saved", "success");
    onSaved();
    if (p.priceUndoUntil) setPending(p);
    else onClose();
  };
  const save = useMutation({
    mutationFn: (body: PlanInput): Promise<Plan> => (plan ? api.PUT("/plans/{id}", { path: { id: plan.id }, body }) : api.POST("/plans", { body })),
    onSuccess: saved,
    onError: (e, body) => {
      const preview = priceChangePreview(e);
      if (preview) return setConfirming({ preview, body });
      const fields = isApiError(e) ? e.fieldErrors : {};
      setErrors(Object.keys(fields).length ? { ...fields, _: errorMessage(e) } : { _: errorMessage(e) });
    },
  });
  const submit = () => {
    const parsed = planInputSchema.safeParse({
      name,
      description,
      priceCents: dollarsToCents(price) ?? undefined,
      initialPriceCents: dollarsToCents(initial),
      interval,
      intervalCount: wholeOrNull(count) ?? undefined,
      trialDays: wholeOrNull(trial) ?? 0,
      autoRenewable,
      loyalClientsOnly: loyal,
      availableClients: wholeOrNull(available),
      category,
      welcomePackage: welcome,
    });
    if (!parsed.success) {
      const fields = issuesByField(parsed.error.issues);
      if (Number.isNaN(dollarsToCents(price))) fields.priceCents = NOT_DOLLARS;
      if (Number.isNaN(dollarsToCents(initial))) fields.initialPriceCents = NOT_DOLLARS;
      setErrors(fields);
      // The first bad field gets the focus.
      const first = ORDER.find((f) => fields[f]);
      if (first) document.getElementById(`plan-${first}`)?.focus();
      return;
    }
    setErrors({});
    save.mutate(parsed.data);
  };
  if (pending?.priceUndoUntil) {
    return <PendingPriceChange plan={pending} onUndone={onSaved} onClose={onClose} />;
  }
  const max = INTERVAL_MAX[interval as Plan["interval"]] ?? 365;
  const priceChanges = plan !== null && dollarsToCents(price) !== plan.priceCents;
  return (
    <Dialog open wide title={plan ? `Edit ${plan.name}` : "New plan"} onClose={onClose}>
      <form className="stack" noValidate onSubmit={(e) => { e.preventDefault(); submit(); }}>
        <TextField id="plan-name" label="Name" value={name} onChange={setName} maxLength={100} required error={errors.name} />
        <TextField id="plan-description" label="Description" multiline value={description} onChange={setDescription}
          maxLength={PLAN_DESCRIPTION_MAX} error={errors.description} />
        <div className="row" style={{ flexWrap: "wrap", alignItems: "flex-start" }}>
          <TextField id="plan-priceCents" label="Price (USD)" inputMode="decimal" value={price} onChange={setPrice} required
            error={errors.priceCents} hint="Charged each period; above 0" />
          <TextField id="plan-initialPriceCents" label="Initial price (USD)" inputMode="decimal" value={initial} onChange={setInitial}
            error={errors.initialPriceCents} hint="Empty: none" />
        </div>
        {priceChanges && (
          <p className="muted" role="status">
            New members pay the new price at once; existing members are told and keep their price for {PRICE_CHANGE_NOTICE_DAYS} days.
          </p>
        )}
        <div className="row" style={{ flexWrap: "wrap", alignItems: "flex-start" }}>
          <Select id="plan-interval" label="Interval" value={interval} onChange={setPlanInterval} error={errors.interval}
            options={PLAN_INTERVALS.map((i) => ({ value: i, label: INTERVAL_LABEL[i] }))} />
          <TextField id="plan-intervalCount" label="Interval count" inputMode="numeric" value={count} onChange={setCount} required
            error={errors.intervalCount} hint={`1 to ${max}`} />
          <TextField id="plan-trialDays" label="Trial days" inputMode="numeric" value={trial} onChange={setTrial} error={errors.trialDays}
            hint="0 for no trial" />
        </div>
        <div className="row" style={{ flexWrap: "wrap", alignItems: "flex-start" }}>
          <Select id="plan-category" label="Category" value={category} onChange={setCategory} error={errors.category}
            options={PLAN_CATEGORIES.map((c) => ({ value: c, label: CATEGORY_LABEL[c] }))} />
          <TextField id="plan-availableClients" label="Available places" inputMode="numeric" value={available} onChange={setAvailable}
            error={errors.availableClients} hint="Empty: no limit" />
        </div>
        <Checkbox label="Renews automatically" checked={autoRenewable} onChange={setAutoRenewable} error={errors.autoRenewable} />
        <Checkbox label="Only for loyal clients" checked={loyal} onChange={setLoyal} error={errors.loyalClientsOnly} />
        <Checkbox label="Includes a welcome package" checked={welcome} onChange={setWelcome} error={errors.welcomePackage} />
        {errors._ && <p className="form-error" role="alert">{errors._}</p>}
        <div className="row">
          <Button type="submit" loading={save.isPending}>Save plan</Button>
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

const NOT_DOLLARS = "Enter an amount in dollars, like 59.00";
const ORDER = ["name", "description", "priceCents", "initialPriceCents", "interval", "intervalCount", "trialDays", "category", "availableClients"];
