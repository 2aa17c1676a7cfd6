import { useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "react-router";
import { useApi } from "../../../lib/app-deps.tsx";
import { errorMessage } from "../../../lib/api/api-error.ts";
import { Button, EmptyState, Select, Spinner, TextField } from "../../../ui/index.ts";
import { useSession } from "../../auth/index.ts";
import type { CouponCheck, PaidService, ServicePurchase } from "../../../../../sync/schemas/commerce.ts";
import { discountedCents } from "../../../../../sync/schemas/commerce.ts";
import type { Card } from "../../../../../sync/schemas/membership.ts";
import { commerceKeys, formatCents } from "../money.ts";
import { ThreeDSecureStep } from "../three-d-secure.tsx";
import { ServiceRequests } from "../components/ServiceRequests.tsx";
import { FilesField, fileProblem, IntakeQuestions, missingAnswer, uploadRequestFiles, useIntakeQuestions } from "../components/RequestExtras.tsx";
import { SERVICE_REQUEST_FILES_MAX } from "../../../../../sync/schemas/commerce.ts";

/**
 * Paid services inside the orders screen: the patient buys their doctor's
 * services and sees their requests; the doctor (and their VMA) sees the requests made to them.
 */
export function ServicesSection() {
  const { user } = useSession();
  if (user?.role === "doctor" || user?.role === "vma") return <ServiceRequests view="doctor" />;
  if (user?.role !== "patient") return null;
  return (
    <>
      <PatientServices doctorId={user.doctor?.id ?? null} patientId={user.id} />
      <ServiceRequests view="patient" />
    </>
  );
}

function PatientServices({ doctorId, patientId }: { doctorId: string | null; patientId: string }) {
  const api = useApi();
  const services = useQuery({
    queryKey: [...commerceKeys.all, "services", doctorId],
    queryFn: () => api.get<PaidService[]>(`/paidServices/doctor/${doctorId}`),
    enabled: !!doctorId,
  });
  const [chosen, setChosen] = useState<PaidService | null>(null);
  const [done, setDone] = useState<ServicePurchase | null>(null);

  return (
    <section className="stack" aria-labelledby="orders-title" style={{ maxWidth: 720 }}>
      <h2 id="orders-title">Services</h2>
      {!doctorId && <EmptyState title="Choose a doctor first" action={<Link to="/doctors">Find a doctor</Link>} />}
      {done && (
        <div className="ui-panel stack" role="status">
          <h3>Thank you</h3>
          <p data-testid="purchase-paid">You paid {formatCents(done.amountCents)}{done.status === "pending" ? " (awaiting confirmation)" : ""}.</p>
          <p>Your doctor has your request. Allow 2 business days for a referral.</p>
          <div><Button variant="secondary" onClick={() => { setDone(null); setChosen(null); }}>Back to services</Button></div>
        </div>
      )}
      {!done && services.isPending && doctorId && <Spinner label="Loading services" />}
      {!done && services.isError && <p className="form-error" role="alert">{errorMessage(services.error)}</p>}
      {!done && services.data && services.data.length === 0 && <EmptyState title="Your doctor offers no paid services yet" />}
      {!done && !chosen && services.data && services.data.length > 0 && (
        <ul className="stack" style={{ listStyle: "none", padding: 0 }}>
          {services.data.map((s) => (
            <li key={s.id} className="ui-panel stack">
              <h3>{s.name}</h3>
              {s.description && <p>{s.description}</p>}
              <p>
                {s.nonSubscriberPriceCents !== null && <>Without a membership: {formatCents(s.nonSubscriberPriceCents)}. </>}
                {s.subscriberPriceCents !== null && <>Members: {formatCents(s.subscriberPriceCents)}.</>}
              </p>
              <div><Button onClick={() => setChosen(s)} aria-label={`Request ${s.name}`}>Request</Button></div>
            </li>
          ))}
        </ul>
      )}
      {!done && chosen && doctorId && <RequestForm service={chosen} doctorId={doctorId} patientId={patientId} onCancel={() => setChosen(null)} onDone={setDone} />}
    </section>
  );
}

function RequestForm({ service, doctorId, patientId, onCancel, onDone }: {
  service: PaidService;
  doctorId: string;
  patientId: string;
  onCancel: () => void;
  onDone: (p: ServicePurchase) => void;
}) {
  const api = useApi();
  const queryClient = useQueryClient();
  const cards = useQuery({ queryKey: [...commerceKeys.all, "cards"], queryFn: () => api.get<Card[]>("/stripe/account/paymentMethods") });
  const intake = useIntakeQuestions(doctorId, service.intakeForm);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const [files, setFiles] = useState<File[]>([]);
  const [filesError, setFilesError] = useState("");
  // Files already uploaded (by the File object), so sending again after a refusal does not upload them twice.
  const [uploaded] = useState(() => new Map<File, string>());
  const [code, setCode] = useState("");
  const [coupon, setCoupon] = useState<CouponCheck | null>(null);
  const [couponError, setCouponError] = useState("");
  const [card, setCard] = useState("");
  const [error, setError] = useState("");
  const [action, setAction] = useState<ServicePurchase | null>(null);
  const chosenCard = card || cards.data?.find((c) => c.isDefault)?.id || cards.data?.[0]?.id || "";

  const check = useMutation({
    mutationFn: (c: string) => api.get<CouponCheck>(`/coupons/check/${encodeURIComponent(c)}`),
    onSuccess: (c) => { setCoupon(c); setCouponError(""); },
    onError: (e) => { setCoupon(null); setCouponError(errorMessage(e)); },
  });
  const paid = (p: ServicePurchase) => {
    void queryClient.invalidateQueries({ queryKey: [...commerceKeys.all, "requests"] });
    onDone(p);
  };
  const buy = useMutation({
    mutationFn: async () => {
      const fresh = files.filter((f) => !uploaded.has(f));
      const ids = await uploadRequestFiles(api, patientId, fresh);
      fresh.forEach((f, i) => uploaded.set(f, ids[i]));
      return await api.post<ServicePurchase>(`/paidServices/request/${service.id}`, {
        doctorId, card: chosenCard, coupon: coupon?.name ?? null,
        fields: Object.fromEntries(Object.entries(fields).filter(([, v]) => v.trim())),
        intakeFormAnswer: Object.fromEntries(Object.entries(answers).filter(([, v]) => v.trim())),
        files: files.map((f) => uploaded.get(f)!),
      });
    },
    onSuccess: (p) => (p.status === "pending" && p.intentId ? setAction(p) : paid(p)),
    onError: (e) => setError(errorMessage(e)),
  });
  const price = (cents: number | null) =>
    cents === null ? null : coupon ? `${formatCents(discountedCents(cents, coupon.percentageDiscount))} (was ${formatCents(cents)})` : formatCents(cents);

  if (action) {
    return (
      <ThreeDSecureStep purchase={action} onPaid={paid} onFailed={(message) => { setAction(null); setError(message); }} />
    );
  }

  return (
    <form className="ui-panel stack" aria-labelledby="request-title" onSubmit={async (e) => {
      e.preventDefault();
      const missing = service.fields.find((f) => f.required && !fields[f.key]?.trim());
      if (missing) return setError(`${missing.label} is required`);
      if (service.intakeForm && !intake.data) return setError("The intake form is not loaded yet");
      const unanswered = intake.data ? missingAnswer(intake.data.fields, answers) : undefined;
      if (unanswered) return setError(`${unanswered.question} is required`);
      if (files.length > SERVICE_REQUEST_FILES_MAX) return setError(`At most ${SERVICE_REQUEST_FILES_MAX} files at once`);
      for (const f of files) {
        const problem = uploaded.has(f) ? null : await fileProblem(f);
        if (problem) return setError(problem);
      }
      if (!chosenCard) return setError("Choose a card");
      setError("");
      buy.mutate();
    }}>
      <h2 id="request-title">{service.name}</h2>
      {service.fields.map((f) => (
        <TextField key={f.key} label={f.label} placeholder={f.placeholder} multiline={f.kind === "textarea"} required={f.required}
          value={fields[f.key] ?? ""} onChange={(v) => setFields({ ...fields, [f.key]: v })} maxLength={5000} />
      ))}
      {service.intakeForm && <IntakeQuestions query={intake} answers={answers} onChange={setAnswers} />}
      {service.attachableFiles && (
        <FilesField files={files} error={filesError} onChange={(next) => {
          setFilesError(next.length > SERVICE_REQUEST_FILES_MAX ? `At most ${SERVICE_REQUEST_FILES_MAX} files at once` : "");
          setFiles(next);
        }} />
      )}
      <div className="row" style={{ alignItems: "flex-end" }}>
        <TextField label="Promo code" value={code} onChange={(v) => { setCode(v); setCoupon(null); }} error={couponError} maxLength={40} />
        <Button variant="secondary" onClick={() => code.trim() && check.mutate(code.trim())} loading={check.isPending}>Apply</Button>
      </div>
      {coupon && <p role="status" data-testid="coupon-applied">{coupon.name}: {coupon.percentageDiscount}% off</p>}
      <p data-testid="service-price">
        {service.nonSubscriberPriceCents !== null && <>Without a membership: {price(service.nonSubscriberPriceCents)}. </>}
        {service.subscriberPriceCents !== null && <>Members: {price(service.subscriberPriceCents)}.</>}
      </p>
      {cards.isPending && <Spinner label="Loading your cards" />}
      {cards.isError && <p className="form-error" role="alert">{errorMessage(cards.error)}</p>}
      {cards.data && cards.data.length === 0 && (
        <p>You have no card yet: <Link to="/settings#payment-methods">add a payment method</Link>.</p>
      )}
      {cards.data && cards.data.length > 0 && (
        <Select label="Card" value={chosenCard} onChange={setCard}
          options={cards.data.map((c) => ({ value: c.id, label: `${c.brand} ending ${c.last4} (${String(c.expMonth).padStart(2, "0")}/${c.expYear})` }))} />
      )}
      {error && <p className="form-error" role="alert">{error}</p>}
      <div className="row">
        <Button type="submit" loading={buy.isPending} disabled={!cards.data?.length}>Pay</Button>
        <Button variant="secondary" onClick={onCancel}>Cancel</Button>
      </div>
    </form>
  );
}
