import { useQuery } from "@tanstack/react-query";
import { useApi } from "../../../lib/app-deps.tsx";
import { FORM_SOURCE } from "../../../lib/query-options.ts";
import { LoadError, Spinner } from "../../../ui/index.ts";
import { MedicalCardForm } from "../components/MedicalCardForm.tsx";
import { medicalCardKeys } from "../keys.ts";
import { initialCard } from "../medical-card-form.ts";

/**
 * `/fillProfile`: the patient's medical card, starting from the saved one
 * (`GET /patient/medicalCard`, null before the first save).
 */
export function FillProfilePage() {
  const api = useApi();
  const saved = useQuery({
    queryKey: medicalCardKeys.mine(),
    queryFn: ({ signal }) => api.GET("/patient/medicalCard", { signal }),
    ...FORM_SOURCE,
  });
  return (
    <>
      <title>Medical card · DPC Telehealth</title>
      {saved.isPending && <Spinner label="Loading your medical card" />}
      {saved.isError && (
        <div className="stack">
          <h1>Your medical card</h1>
          <LoadError error={saved.error} onRetry={() => void saved.refetch()} />
        </div>
      )}
      {saved.isSuccess && <MedicalCardForm initial={initialCard(saved.data)} />}
    </>
  );
}
