/**
 * The header's "Acting for" choice of a VMA who works for several doctors
 * (issue 17). Choosing another doctor switches the practice in the same session
 * (use-acting-doctor.ts). With one doctor it only says whom
 * the VMA acts for; nothing shows while loading or when the list cannot be read.
 */
import { useId } from "react";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useAppDeps } from "../../../lib/app-deps.tsx";
import { useSwitchActingDoctor } from "../hooks/use-acting-doctor.ts";
import { errorText, teamKeys } from "../lib/keys.ts";
import { useSnackbar } from "../../../ui/index.ts";

export function ActingDoctorSwitch() {
  const { api } = useAppDeps();
  const id = useId();
  const doctors = useQuery({ queryKey: teamKeys.vmaDoctors, queryFn: () => api.GET("/vmas/doctors/dropdown") });
  const notify = useSnackbar();
  // Runs offline too (not paused until the network is back, which would switch later by surprise): a refused
  // switch (changes still waiting, offline) says why.
  const act = useMutation({
    mutationFn: useSwitchActingDoctor(),
    networkMode: "always",
    onError: (error) => notify(errorText(error), "error"),
  });
  const list = doctors.data?.list ?? [];
  const acting = list.find((d) => d.acting);
  if (!acting) return null;
  if (list.length === 1) return <span className="acting-for muted">For Dr. {acting.lastName}</span>;
  return (
    <span className="acting-for">
      <label htmlFor={id} className="visually-hidden">Acting for</label>
      <select
        id={id}
        className="ui-input"
        value={acting.id}
        disabled={act.isPending}
        onChange={(e) => act.mutate(e.target.value)}
      >
        {list.map((d) => <option key={d.id} value={d.id}>Dr. {d.firstName} {d.lastName}</option>)}
      </select>
    </span>
  );
}
