import { useEffect, useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useApi } from "../../../lib/app-deps.tsx";
import { errorMessage } from "../../../lib/api/api-error.ts";
import { useForm } from "../../../lib/forms/use-form.ts";
import { Button, Checkbox, EmptyState, LoadError, Spinner, TextField, useSnackbar } from "../../../ui/index.ts";
import {
  type MembershipOption,
  type MembershipOptionUpdate,
  membershipOptionUpdateSchema,
  PRICE_CHANGE_NOTICE_DAYS,
  type PriceChangePreview,
} from "../../../../../sync/schemas/membership.ts";
import { PriceChangeConfirm, priceChangePreview } from "../components/PriceChangeConfirm.tsx";
import { centsToDollars, describeInterval, formatDay, NOT_DOLLARS } from "./format.ts";
import { doctorMembershipKeys } from "./keys.ts";
import { dollarsToCents, formatUsd } from "../../../../../sync/rules/money.ts";

/**
 * Settings → Memberships (doctor, 02 §7 "Plans and membership options"): every active plan, offered to
 * the doctor's patients or not, with the doctor's own trial days and prices (the plan's when left empty).
 */
export function MembershipOptionsSettings() {
  const api = useApi();
  const list = useQuery({ queryKey: doctorMembershipKeys.options(), queryFn: () => api.GET("/membershipOptions/settings/me") });
  if (list.isPending) return <Spinner label="Loading membership options" />;
  if (list.isError) return <LoadError error={list.error} onRetry={() => void list.refetch()} />;
  if (list.data.length === 0) return <EmptyState title="No membership plans are offered on the platform yet" />;
  return (
    <div className="stack">
      <p className="muted">
        Choose the plans your patients can join. A new price applies to new members at once; existing members are told and
        keep their price for {PRICE_CHANGE_NOTICE_DAYS} days.
      </p>
      <ul className="stack" style={{ listStyle: "none", padding: 0 }}>
        {list.data.map((o) => <li key={o.planId}><OptionCard option={o} /></li>)}
      </ul>
    </div>
  );
}

function OptionCard({ option }: { option: MembershipOption }) {
  const api = useApi();
  const notify = useSnackbar();
  const client = useQueryClient();
  const headingId = `option-${option.planId}`;
  const id = (f: string) => `${headingId}-${f}`;
  const form = useForm({
    schema: membershipOptionUpdateSchema,
    idPrefix: headingId,
    // The failure is shown as an alert in the card, not also in a snackbar.
    announceFailure: false,
    initial: { trial: String(option.trialDays), price: centsToDollars(option.priceCents), initial: centsToDollars(option.initialPriceCents) },
    toInput: (v) => {
      const trialText = v.trial.trim();
      return {
        trialDays: trialText === "" ? null : /^-?\d+$/.test(trialText) ? Number(trialText) : Number.NaN,
        priceCents: dollarsToCents(v.price),
        initialPriceCents: dollarsToCents(v.initial),
      };
    },
    extraCheck: (v) => ({
      ...(Number.isNaN(dollarsToCents(v.price)) ? { priceCents: NOT_DOLLARS } : {}),
      ...(Number.isNaN(dollarsToCents(v.initial)) ? { initialPriceCents: NOT_DOLLARS } : {}),
    }),
  });
  const { values, errors } = form;
  const [confirming, setConfirming] = useState<{ preview: PriceChangePreview; body: MembershipOptionUpdate } | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: doctorMembershipKeys.options() });
  const toggle = useMutation({
    mutationFn: (on: boolean) =>
      on
        ? api.PUT("/membershipOptions/{id}/enable/for/me", { path: { id: option.planId } })
        : api.PUT("/membershipOptions/{id}/disable/for/me", { path: { id: option.planId } }),
    onSuccess: (o) => {
      notify(o.enabled ? `${option.name} is offered to your patients` : `${option.name} is no longer offered`, "success");
      void refresh();
    },
    onError: (e) => notify(errorMessage(e), "error"),
  });
  const saved = (o: MembershipOption) => {
    notify(o.priceAppliesAt ? `Saved. Existing members pay the new price from ${formatDay(o.priceAppliesAt)}` : "Membership option saved", "success");
    void refresh();
  };
  const submit = form.handleSubmit(async (body) => {
    try {
      saved(await api.PUT("/membershipOptions/{id}", { path: { id: option.planId }, body }));
    } catch (e) {
      // Members would be told: say how many and what first (issue 32).
      const preview = priceChangePreview(e);
      if (!preview) throw e;
      setConfirming({ preview, body });
    }
  });
  const failure = form.formError ?? errors._;
  return (
    <article className="ui-panel stack" aria-labelledby={headingId}>
      <h3 id={headingId} style={{ margin: 0 }}>{option.name}</h3>
      <p className="muted" style={{ margin: 0 }}>
        {describeInterval(option.interval, option.intervalCount)}
        {option.welcomePackage ? " · welcome package" : ""}
        {option.description ? ` · ${option.description}` : ""}
      </p>
      <Checkbox
        label="Offer to my patients"
        checked={option.enabled}
        disabled={toggle.isPending}
        onChange={(on) => toggle.mutate(on)}
      />
      {option.priceUndoUntil && <UndoPriceChange option={option} onUndone={() => void refresh()} />}
      {option.previousPriceCents !== null && option.priceAppliesAt && (
        <p role="status">
          Existing members pay {formatUsd(option.previousPriceCents)} until {formatDay(option.priceAppliesAt)}, then{" "}
          {formatUsd(option.priceCents)}.
        </p>
      )}
      <form className="stack" noValidate aria-label={`${option.name} terms`} onSubmit={submit}>
        <div className="row" style={{ flexWrap: "wrap", alignItems: "flex-start" }}>
          <TextField id={id("price")} label="Price (USD)" inputMode="decimal" value={values.price} onChange={(v) => form.set("price", v)} error={errors.priceCents}
            hint={`Each ${describeInterval(option.interval, option.intervalCount).replace(/^Every /, "")}`} />
          <TextField id={id("initial")} label="Initial price (USD)" inputMode="decimal" value={values.initial}
            onChange={(v) => form.set("initial", v)} error={errors.initialPriceCents} hint="Empty: none" />
          <TextField id={id("trial")} label="Trial days" inputMode="numeric" value={values.trial} onChange={(v) => form.set("trial", v)} error={errors.trialDays}
            hint="0 for no trial" />
        </div>
        {failure && <p className="form-error" role="alert">{failure}</p>}
        <div><Button type="submit" loading={form.submitting}>Save {option.name}</Button></div>
      </form>
      {confirming && (
        <PriceChangeConfirm
          preview={confirming.preview}
          planName={option.name}
          onConfirm={async () => saved(await api.PUT("/membershipOptions/{id}", { path: { id: option.planId }, body: { ...confirming.body, confirmNotice: true } }))}
          onClose={() => setConfirming(null)}
        />
      )}
    </article>
  );
}

/** While members are not told yet: when they will be, and the way back (`POST /membershipOptions/{id}/price/undo`). */
function UndoPriceChange({ option, onUndone }: { option: MembershipOption; onUndone: () => void }) {
  const api = useApi();
  const notify = useSnackbar();
  const untilIso = option.priceUndoUntil!;
  const until = new Date(untilIso);
  const [open, setOpen] = useState(() => until.getTime() > Date.now());
  // Keyed on the string: a new Date each render would restart the timer on every render.
  useEffect(() => {
    const left = new Date(untilIso).getTime() - Date.now();
    setOpen(left > 0);
    if (left <= 0) return;
    const timer = setTimeout(() => setOpen(false), left);
    return () => clearTimeout(timer);
  }, [untilIso]);
  const undo = useMutation({
    mutationFn: () => api.POST("/membershipOptions/{id}/price/undo", { path: { id: option.planId } }),
    onSuccess: (o) => {
      notify(`Price change undone: ${formatUsd(o.priceCents)} again, no member was told`, "success");
      onUndone();
    },
    onError: (e) => {
      notify(errorMessage(e), "error");
      onUndone();
    },
  });
  if (!open) return null;
  return (
    <p role="status" className="row" style={{ flexWrap: "wrap" }}>
      <span>Members are told of the new price at {until.toLocaleTimeString([], { hour: "numeric", minute: "2-digit" })}.</span>
      <Button variant="secondary" loading={undo.isPending} onClick={() => undo.mutate()}>Undo price change</Button>
    </p>
  );
}
