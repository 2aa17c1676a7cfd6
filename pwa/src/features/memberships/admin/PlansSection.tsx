import { useState } from "react";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useApi } from "../../../lib/app-deps.tsx";
import { errorMessage } from "../../../lib/api/api-error.ts";
import { Button, DataTable, EmptyState, LoadError, Pager, Select, Spinner, useOffsetInRange, useSnackbar } from "../../../ui/index.ts";
import type { Plan } from "../../../../../sync/schemas/membership.ts";
import { describeInterval } from "../doctor/format.ts";
import { PlanDialog } from "./PlanDialog.tsx";
import { formatUsd } from "../../../../../sync/rules/money.ts";

export const planKeys = {
  all: ["plans", "admin"] as const,
  list: (sort: string) => ["plans", "admin", sort] as const,
};

/** `-` first: descending (the API's `sort`); the default is newest first. */
const SORTS = [
  { value: "-createdAt", label: "Newest first" },
  { value: "createdAt", label: "Oldest first" },
  { value: "name", label: "Name (A–Z)" },
  { value: "-name", label: "Name (Z–A)" },
  { value: "priceCents", label: "Price (low to high)" },
  { value: "-priceCents", label: "Price (high to low)" },
  { value: "interval", label: "Duration unit" },
] as const;

const CATEGORY: Record<Plan["category"], string> = { primary: "Primary care", specialty: "Specialty care", "one-time": "One-time" };

/** The switches of a plan, each its own `PUT`. */
type PlanFlag = "activate" | "deactivate" | "add-to-homepage" | "remove-from-homepage";

/** Plans per page. */
export const PLANS_PAGE = 50;

/** `/admin/packages` → Membership plans (02 §3, §5): list (50 a page), sort, create, edit, activate, homepage. */
export function PlansSection() {
  const api = useApi();
  const notify = useSnackbar();
  const client = useQueryClient();
  const [sort, setSort] = useState<string>("-createdAt");
  const [offset, setOffset] = useState(0);
  const [editing, setEditing] = useState<Plan | "new" | null>(null);
  const list = useQuery({
    queryKey: [...planKeys.list(sort), offset],
    queryFn: () => api.GET("/plans", { query: { limit: PLANS_PAGE, offset, sort } }),
    placeholderData: keepPreviousData,
  });
  useOffsetInRange(offset, PLANS_PAGE, list.data?.totalCount, setOffset);
  const flag = useMutation({
    mutationFn: ({ id, flag }: { id: string; flag: PlanFlag; done: string }) => {
      const path = { id };
      switch (flag) {
        case "activate":
          return api.PUT("/plans/activate/{id}", { path });
        case "deactivate":
          return api.PUT("/plans/deactivate/{id}", { path });
        case "add-to-homepage":
          return api.PUT("/plans/{id}/add-to-homepage", { path });
        case "remove-from-homepage":
          return api.PUT("/plans/{id}/remove-from-homepage", { path });
      }
    },
    onSuccess: (_p, v) => {
      notify(v.done, "success");
      void client.invalidateQueries({ queryKey: planKeys.all });
    },
    onError: (e) => notify(errorMessage(e), "error"),
  });
  return (
    <section className="stack" aria-labelledby="plans-title">
      <h2 id="plans-title">Membership plans</h2>
      <div className="row" style={{ flexWrap: "wrap", alignItems: "flex-end" }}>
        <Button onClick={() => setEditing("new")}>New plan</Button>
        <Select label="Sort plans by" value={sort} onChange={(v) => { setSort(v); setOffset(0); }} options={SORTS} />
      </div>
      {list.isPending && <Spinner label="Loading plans" />}
      {list.isError && <LoadError error={list.error} onRetry={() => void list.refetch()} />}
      {list.data && list.data.totalCount === 0 && <EmptyState title="No membership plans yet" />}
      {list.data && list.data.list.length > 0 && (
        <DataTable caption={<>Membership plans, {SORTS.find((s) => s.value === sort)?.label.toLowerCase()}</>}
          regionLabel="Membership plans (scrolls sideways)"
          columns={["Name", "Price", "Duration", "Trial", "Category", "Active", "Homepage", <span key="actions" className="visually-hidden">Actions</span>]}>
          {list.data.list.map((p) => (
            <tr key={p.id}>
              <th scope="row">{p.name}</th>
              <td>
                {formatUsd(p.priceCents)}
                {p.initialPriceCents !== null && <div className="muted">{formatUsd(p.initialPriceCents)} initial</div>}
              </td>
              <td>{describeInterval(p.interval, p.intervalCount, p.autoRenewable)}</td>
              <td>{p.trialDays ? `${p.trialDays} days` : "None"}</td>
              <td>{CATEGORY[p.category]}{p.welcomePackage ? " · welcome package" : ""}</td>
              <td>{p.isActive ? "Yes" : "No"}</td>
              <td>{p.isHomepage ? "Yes" : "No"}</td>
              <td>
                <div className="row" style={{ flexWrap: "wrap" }}>
                  <Button variant="text" onClick={() => setEditing(p)} aria-label={`Edit ${p.name}`}>Edit</Button>
                  <Button
                    variant="text"
                    disabled={flag.isPending}
                    onClick={() =>
                      flag.mutate({ id: p.id, flag: p.isActive ? "deactivate" : "activate", done: p.isActive ? `${p.name} deactivated` : `${p.name} activated` })}
                    aria-label={`${p.isActive ? "Deactivate" : "Activate"} ${p.name}`}
                  >
                    {p.isActive ? "Deactivate" : "Activate"}
                  </Button>
                  <Button
                    variant="text"
                    disabled={flag.isPending}
                    onClick={() =>
                      flag.mutate({
                        id: p.id,
                        flag: p.isHomepage ? "remove-from-homepage" : "add-to-homepage",
                        done: p.isHomepage ? `${p.name} removed from the homepage` : `${p.name} added to the homepage`,
                      })}
                    aria-label={`${p.isHomepage ? "Remove from homepage" : "Add to homepage"}: ${p.name}`}
                  >
                    {p.isHomepage ? "Remove from homepage" : "Add to homepage"}
                  </Button>
                </div>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      {list.data && <Pager offset={offset} limit={PLANS_PAGE} total={list.data.totalCount} busy={list.isPlaceholderData} onChange={setOffset} label="Plans pages" />}
      {editing && (
        <PlanDialog
          plan={editing === "new" ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => void client.invalidateQueries({ queryKey: planKeys.all })}
        />
      )}
    </section>
  );
}
