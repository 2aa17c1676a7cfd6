/**
 * Data the commerce screens need in the accessibility sweep: a paid service charge, so the admin's transactions
 * list has a row with "Refund" (its dialog is swept). The demo patient buys the demo doctor's imaging referral
 * with a test card through the API (the demo doctor's payout account is seeded active with the emulator).
 */
// deno-lint-ignore no-explicit-any
type Call = (method: "GET" | "POST", path: string, headers: Record<string, string>, data?: unknown) => Promise<any>;
/** A signed-in demo account's authorization header. */
type Account = { headers: Record<string, string> };

export async function buyDemoService(call: Call, who: { patient: Account; doctorId: string }): Promise<void> {
  const services: { id: string; name: string }[] = await call("GET", `/paidServices/doctor/${who.doctorId}`, who.patient.headers);
  const imaging = services.find((s) => s.name === "Imaging referral");
  if (!imaging) throw new Error("The demo doctor offers no imaging referral (seed)");
  const card: { id: string } = await call("POST", "/stripe/account/paymentMethods", who.patient.headers, { paymentMethodId: "pm_card_visa" });
  await call("POST", `/paidServices/request/${imaging.id}`, who.patient.headers, {
    doctorId: who.doctorId, card: card.id, coupon: null, fields: { bodyPart: "left knee" }, intakeFormAnswer: {}, files: [],
  });
}
