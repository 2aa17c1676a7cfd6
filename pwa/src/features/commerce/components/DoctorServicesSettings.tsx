import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useApi } from "../../../lib/app-deps.tsx";
import { errorMessage } from "../../../lib/api/api-error.ts";
import { Checkbox, EmptyState, Spinner, useSnackbar } from "../../../ui/index.ts";
import { formatUsd } from "../../../../../sync/rules/money.ts";
import { commerceKeys } from "../keys.ts";

/** Settings → Services (doctor): enable or disable each active paid service for themselves. */
export function DoctorServicesSettings() {
  const api = useApi();
  const notify = useSnackbar();
  const client = useQueryClient();
  const key = [...commerceKeys.all, "services", "me"];
  const list = useQuery({ queryKey: key, queryFn: () => api.GET("/paidServices/settings/me") });
  const toggle = useMutation({
    mutationFn: ({ id, on }: { id: string; on: boolean }) =>
      on ? api.PUT("/paidServices/{id}/enable/for/me", { path: { id } }) : api.PUT("/paidServices/{id}/disable/for/me", { path: { id } }),
    onSuccess: (_r, v) => {
      notify(v.on ? "Service enabled" : "Service disabled", "success");
      void client.invalidateQueries({ queryKey: key });
    },
    onError: (e) => notify(errorMessage(e), "error"),
  });
  if (list.isPending) return <Spinner label="Loading services" />;
  if (list.isError) return <p className="form-error" role="alert">{errorMessage(list.error)}</p>;
  if (list.data.length === 0) return <EmptyState title="No paid services are offered on the platform yet" />;
  return (
    <ul className="stack" style={{ listStyle: "none", padding: 0 }}>
      {list.data.map((s) => (
        <li key={s.id}>
          <Checkbox
            label={`${s.name} — ${[
              s.nonSubscriberPriceCents !== null ? `${formatUsd(s.nonSubscriberPriceCents)} without a membership` : null,
              s.subscriberPriceCents !== null ? `${formatUsd(s.subscriberPriceCents)} for members` : null,
            ].filter(Boolean).join(", ")}`}
            checked={s.enabled}
            disabled={toggle.isPending}
            onChange={(on: boolean) => toggle.mutate({ id: s.id, on })}
          />
        </li>
      ))}
    </ul>
  );
}
