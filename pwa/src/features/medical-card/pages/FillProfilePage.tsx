import { useApi } from "../../../lib/app-deps.tsx";
import { useLoad } from "../../../lib/use-load.ts";
import { Button, Spinner } from "../../../ui/index.ts";
import { MedicalCardForm } from "../components/MedicalCardForm.tsx";
import { initialCard } from "../medical-card-form.ts";

/**
 * `/fillProfile`: the patient's medical card, starting from the saved one
 * (`GET /patient/medicalCard`, null before the first save).
 */
export function FillProfilePage() {
  const api = useApi();
  const saved = useLoad((signal) => api.get<unknown>("/patient/medicalCard", { signal }), [api]);
  return (
    <>
      <title>Medical card · DPC Telehealth</title>
      {saved.loading && <Spinner label="Loading your medical card" />}
      {!saved.loading && saved.error && (
        <div className="stack">
          <h1>Your medical card</h1>
          <p className="form-error" role="alert">{saved.error}</p>
          <div><Button variant="secondary" onClick={saved.reload}>Try again</Button></div>
        </div>
      )}
      {!saved.loading && !saved.error && <MedicalCardForm initial={initialCard(saved.data)} />}
    </>
  );
}
