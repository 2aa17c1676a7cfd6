/**
 * The request form of one paid service (the patient's side of the orders screen): its fields, the intake
 * questions and files it asks for, a promo code, the price due (`GET /paidServices/quote/{id}`) and the card; "Pay"
 * makes the purchase, then the bank's check when the card asks for one (./BankCheck.tsx).
 */
import { useId, useRef, useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useApi } from "../../../lib/app-deps.tsx";
import { ApiError, errorMessage, isApiError } from "../../../lib/api/api-error.ts";
import { Button, Select, Spinner, TextField } from "../../../ui/index.ts";
import { CardEntry, membershipKeys, paymentsKeys, useCards } from "../../payments/index.ts";
import type { CouponCheck, PaidService, ServicePurchase, ServiceQuote } from "../../../../../sync/schemas/commerce.ts";
import { discountedCents, SERVICE_REQUEST_FILES_MAX } from "../../../../../sync/schemas/commerce.ts";
import { BankCheck } from "./BankCheck.tsx";
import { FilesField, fileProblem, IntakeQuestions, missingAnswer, uploadRequestFiles, useIntakeQuestions } from "./RequestExtras.tsx";
import { formatUsd } from "../../../../../sync/rules/money.ts";
import { commerceKeys } from "../keys.ts";

export function RequestForm({ service, doctorId, patientId, onCancel, onDone }: {
  service: PaidService;
  doctorId: string;
  patientId: string;
  onCancel: () => void;
  onDone: (p: ServicePurchase) => void;
}) {
  const api = useApi();
  const queryClient = useQueryClient();
  const cards = useCards();
  const intake = useIntakeQuestions(doctorId, service.intakeForm);
  // What this patient pays now (members' or not, or an additional request's price within a first's window, 02 §9).
  const quote = useQuery({
    queryKey: [...commerceKeys.all, "quote", service.id, doctorId],
    queryFn: () => api.GET("/paidServices/quote/{id}", { path: { id: service.id }, query: { doctorId } }),
    // A refusal (members only, not for members, no such doctor) is the answer: said at once, not asked again.
    retry: (count, error) => !(error instanceof ApiError && error.code >= 400 && error.code < 500) && count < 1,
  });
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
  const formId = useId();
  const [error, setError] = useState("");
  const [action, setAction] = useState<ServicePurchase | null>(null);
  const chosenCard = card || cards.data?.find((c) => c.isDefault)?.id || cards.data?.[0]?.id || "";
  // One purchase per key, however often it is sent: kept while an answer was lost (a retry of the same purchase then
  // answers the one already made, charging nothing again); new once the server answered with an error, or for other
  // choices (another card, code or answers make another purchase).
  const attempt = useRef<{ key: string; choices: string } | null>(null);

  const check = useMutation({
    mutationFn: (c: string) => api.GET("/coupons/check/{code}", { path: { code: c } }),
    onSuccess: (c) => { setCoupon(c); setCouponError(""); },
    onError: (e) => { setCoupon(null); setCouponError(errorMessage(e)); },
  });
  const paid = (p: ServicePurchase) => {
    void queryClient.invalidateQueries({ queryKey: [...commerceKeys.all, "requests"] });
    // The payment is in the patient's history at once (it was stored before this answer).
    void queryClient.invalidateQueries({ queryKey: membershipKeys.transactions() });
    onDone(p);
  };
  const buy = useMutation({
    mutationFn: async () => {
      const fresh = files.filter((f) => !uploaded.has(f));
      const ids = await uploadRequestFiles(api, patientId, fresh);
      fresh.forEach((f, i) => uploaded.set(f, ids[i]));
      const body = {
        doctorId, card: chosenCard, coupon: coupon?.name ?? null,
        fields: Object.fromEntries(Object.entries(fields).filter(([, v]) => v.trim())),
        intakeFormAnswer: Object.fromEntries(Object.entries(answers).filter(([, v]) => v.trim())),
        files: files.map((f) => uploaded.get(f)!),
      };
      const choices = JSON.stringify(body);
      if (attempt.current?.choices !== choices) attempt.current = { key: crypto.randomUUID(), choices };
      return await api.POST("/paidServices/request/{id}", { path: { id: service.id }, body: { ...body, idempotencyKey: attempt.current.key } });
    },
    onSuccess: (p) => {
      // Answered: a purchase made (paid, or waiting for the bank's check). A try after this is another purchase.
      attempt.current = null;
      if (p.status === "pending" && p.intentId) setAction(p);
      else paid(p);
    },
    onError: (e) => {
      // A refusal (4xx) is an answer: the next try is a new purchase. No answer, or a 5xx, may hide one already made.
      if (isApiError(e) && e.code >= 400 && e.code < 500) attempt.current = null;
      setError(errorMessage(e));
    },
  });
  const price = (cents: number | null) =>
    cents === null ? null : coupon ? `${formatUsd(discountedCents(cents, coupon.percentageDiscount))} (was ${formatUsd(cents)})` : formatUsd(cents);

  // A card added here is saved to the patient's account (as in Settings → Payment methods) and becomes the chosen one.
  const addCard = async (paymentMethodId: string) => {
    const saved = await api.POST("/stripe/account/paymentMethods", { body: { paymentMethodId } });
    setCard(saved.id);
    setError("");
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: paymentsKeys.cards() }),
    ]);
  };

  if (action) {
    return (
      <BankCheck purchase={action} onPaid={paid} onRefused={(message) => { setAction(null); setError(message); }} />
    );
  }

  const noCard = cards.data?.length === 0;
  return (
    <div className="ui-panel stack">
      <form id={formId} className="stack" aria-labelledby="request-title" onSubmit={async (e) => {
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
        {quote.isPending && <Spinner label="Working out your price" />}
        {quote.isError && <p className="form-error" role="alert">{errorMessage(quote.error)}</p>}
        {quote.data && <p role="status" data-testid="service-due">{dueText(quote.data, price)}</p>}
        {cards.isPending && <Spinner label="Loading your cards" />}
        {cards.isError && <p className="form-error" role="alert">{errorMessage(cards.error)}</p>}
        {cards.data && cards.data.length > 0 && (
          <Select label="Card" value={chosenCard} onChange={setCard}
            options={cards.data.map((c) => ({ value: c.id, label: `${c.brand} ending ${c.last4} (${String(c.expMonth).padStart(2, "0")}/${c.expYear})` }))} />
        )}
      </form>
      {/* Its own form (forms do not nest): the Pay button below belongs to the request form through `form`. */}
      {noCard && (
        <div className="stack">
          <p id={`${formId}-no-card`}>You have no saved card yet: add one to pay. It is saved to your account.</p>
          <CardEntry label="New card" submitLabel="Save this card" onCard={addCard} />
        </div>
      )}
      {error && <p className="form-error" role="alert">{error}</p>}
      <div className="row">
        <Button type="submit" form={formId} loading={buy.isPending} disabled={!cards.data?.length}
          aria-describedby={noCard ? `${formId}-no-card` : undefined}>
          Pay
        </Button>
        <Button variant="secondary" onClick={onCancel}>Cancel</Button>
      </div>
    </div>
  );
}

/** "You pay $30.00 (was $59.00): additional request 2 of 3, until December 24, 2026" — the quote in words. */
export function dueText(q: ServiceQuote, price: (cents: number) => string | null): string {
  const due = `You pay ${price(q.priceCents)}`;
  if (!q.additional || q.priceCents >= q.regularPriceCents) return `${due}.`;
  const until = new Date(q.additional.endsAt).toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric" });
  return `${due} instead of ${formatUsd(q.regularPriceCents)}: additional request ${q.additional.used + 1} of ${q.additional.max}, until ${until}.`;
}
