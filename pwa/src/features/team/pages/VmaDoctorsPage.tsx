/**
 * `/vma/doctors`: the doctors a VMA works for, and which one they act for.
 * Switching sends what waits on the device first, asks the server (`POST /vmas/acting`),
 * then the device's synced copy is dropped and pulled again for the new practice, in the
 * same session: every screen, query and sync scope follows the choice.
 */
import { useMutation, useQuery } from "@tanstack/react-query";
import { useAppDeps } from "../../../lib/app-deps.tsx";
import { Button, EmptyState, Spinner } from "../../../ui/index.ts";
import { errorText, teamKeys } from "../lib/keys.ts";
import { useSwitchActingDoctor } from "../hooks/use-acting-doctor.ts";

export function VmaDoctorsPage() {
  const { api } = useAppDeps();
  const doctors = useQuery({ queryKey: teamKeys.vmaDoctors, queryFn: () => api.GET("/vmas/doctors/dropdown") });
  const switchTo = useSwitchActingDoctor();
  // Offline it runs and says why it cannot switch, instead of waiting paused and switching later by surprise.
  const act = useMutation({ mutationFn: switchTo, networkMode: "always" });
  return (
    <div className="stack">
      <title>Doctors · DPC Telehealth</title>
      <h1>Doctors</h1>
      <p>You work for these doctors. Everything you see and do is for the doctor you act for.</p>
      {doctors.isPending ? <Spinner label="Loading your doctors" /> : doctors.isError
        ? <p role="alert">{errorText(doctors.error)}</p>
        : doctors.data.list.length === 0 ? <EmptyState title="No doctors yet">A doctor adds you by your email address.</EmptyState>
        : (
          <ul className="stack" style={{ listStyle: "none", padding: 0 }}>
            {doctors.data.list.map((d) => (
              <li key={d.id} className="card row" style={{ alignItems: "center", flexWrap: "wrap", gap: "0.5rem" }}>
                <span style={{ flex: "1 1 12rem" }}>Dr. {d.firstName} {d.lastName}</span>
                {d.acting ? <strong aria-label={`Acting for Dr. ${d.firstName} ${d.lastName}`}>Acting for</strong> : (
                  <Button variant="secondary" loading={act.isPending && act.variables === d.id} onClick={() => act.mutate(d.id)}>
                    Act for Dr. {d.lastName}
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
      {act.isError && <p role="alert">{errorText(act.error)}</p>}
    </div>
  );
}
