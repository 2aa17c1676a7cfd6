import { useState } from "react";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { useApi } from "../../../lib/app-deps.tsx";
import { errorMessage } from "../../../lib/api/api-error.ts";
import { useForm } from "../../../lib/forms/use-form.ts";
import { Button, ConfirmDialog, EmptyState, Pager, Select, Spinner, TextField, useOffsetInRange, useSnackbar } from "../../../ui/index.ts";
import { type Coupon, couponInputSchema } from "../../../../../sync/schemas/commerce.ts";
import { commerceKeys } from "../keys.ts";

/** Promo codes per page. */
export const COUPONS_PAGE = 50;

const NO_COUPON = { name: "", percentageDiscount: "", duration: "once", redemptionLimit: "" };

/** `/admin/promo-codes`: create (02 §5 rules, the shared schema), list with usage (newest first, 50 a page), delete. */
export function PromoCodesPage() {
  const api = useApi();
  const notify = useSnackbar();
  const client = useQueryClient();
  const [offset, setOffset] = useState(0);
  const list = useQuery({
    queryKey: [...commerceKeys.coupons(), offset],
    queryFn: () => api.GET("/coupons", { query: { offset, limit: COUPONS_PAGE } }),
    placeholderData: keepPreviousData,
  });
  // The last code of a later page deleted: back to the last page with codes.
  useOffsetInRange(offset, COUPONS_PAGE, list.data?.totalCount, setOffset);
  const coupon = useForm({
    schema: couponInputSchema,
    idPrefix: "promo",
    // The failure is said above the button (an alert of its own), not also in a snackbar.
    announceFailure: false,
    initial: NO_COUPON,
    toInput: (v) => ({
      name: v.name,
      percentageDiscount: v.percentageDiscount === "" ? undefined : Number(v.percentageDiscount),
      duration: v.duration,
      redemptionLimit: v.redemptionLimit === "" ? null : Number(v.redemptionLimit),
    }),
  });
  const { values: form, errors } = coupon;
  const refresh = () => client.invalidateQueries({ queryKey: commerceKeys.coupons() });
  // Deleting asks first: patients can no longer use the code, at the processor too (memberships that have it keep it).
  const [deleting, setDeleting] = useState<Coupon | null>(null);
  const remove = async (c: Coupon) => {
    await api.DELETE("/coupons/{id}", { path: { id: c.id } });
    notify("Promo code deleted", "success");
    void refresh();
  };
  const submit = coupon.handleSubmit(async (body) => {
    await api.POST("/coupons", { body });
    notify("Promo code created", "success");
    coupon.setValues(() => NO_COUPON);
    setOffset(0);
    void refresh();
  });

  return (
    <section className="stack" aria-labelledby="promo-title">
      <title>Promo codes · DPC Telehealth</title>
      <h1 id="promo-title">Promo codes</h1>
      <form className="ui-panel stack" aria-labelledby="promo-new" onSubmit={submit}>
        <h2 id="promo-new">New promo code</h2>
        <TextField label="Code" hint="Letters and numbers only" value={form.name} onChange={(name) => coupon.set("name", name)} error={errors.name} required />
        <TextField label="Discount (%)" inputMode="numeric" hint="More than 1 and less than 100" value={form.percentageDiscount}
          onChange={(percentageDiscount) => coupon.set("percentageDiscount", percentageDiscount)} error={errors.percentageDiscount} required />
        <Select label="Duration" value={form.duration} onChange={(duration) => coupon.set("duration", duration)}
          options={[{ value: "once", label: "Once (first payment)" }, { value: "forever", label: "Forever (every payment)" }]} error={errors.duration} />
        <TextField label="Redemption limit" inputMode="numeric" hint="Empty or 0 for unlimited" value={form.redemptionLimit}
          onChange={(redemptionLimit) => coupon.set("redemptionLimit", redemptionLimit)} error={errors.redemptionLimit} />
        {(coupon.formError ?? errors._) && <p className="form-error" role="alert">{coupon.formError ?? errors._}</p>}
        <div><Button type="submit" loading={coupon.submitting}>Create</Button></div>
      </form>
      {list.isPending && <Spinner label="Loading promo codes" />}
      {list.isError && <p className="form-error" role="alert">{errorMessage(list.error)}</p>}
      {list.data && list.data.totalCount === 0 && <EmptyState title="No promo codes yet" />}
      {list.data && list.data.list.length > 0 && (
        <div style={{ overflowX: "auto" }}>
          <table className="data-table">
            <caption className="visually-hidden">Promo codes</caption>
            <thead><tr><th scope="col">Code</th><th scope="col">Discount</th><th scope="col">Duration</th><th scope="col">Used</th><th scope="col"><span className="visually-hidden">Actions</span></th></tr></thead>
            <tbody>
              {list.data.list.map((c) => (
                <tr key={c.id}>
                  <td>{c.name}</td>
                  <td>{c.percentageDiscount}%</td>
                  <td>{c.duration}</td>
                  <td>{c.appliedTimes}{c.redemptionLimit ? ` of ${c.redemptionLimit}` : " (unlimited)"}</td>
                  <td><Button variant="text" onClick={() => setDeleting(c)} aria-label={`Delete ${c.name}`}>Delete</Button></td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {list.data && <Pager offset={offset} limit={COUPONS_PAGE} total={list.data.totalCount} busy={list.isPlaceholderData} onChange={setOffset} />}
      {deleting && (
        <ConfirmDialog
          title={`Delete ${deleting.name}?`}
          summary={`Patients can no longer use ${deleting.name} at checkout. Memberships that already have its discount keep it.`}
          confirmLabel="Delete promo code"
          danger
          onConfirm={() => remove(deleting)}
          onClose={() => setDeleting(null)}
          describeFailure={errorMessage}
        />
      )}
    </section>
  );
}
