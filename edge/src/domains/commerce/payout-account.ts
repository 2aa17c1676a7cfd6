/**
 * Doctors' payout accounts (02 §7 "Payments and payout account", 01 §2 the
 * /stripe/... result pages). Connect **Express** accounts (decision record in
 * edge/docs/commerce.md): the processor hosts onboarding and the payout
 * dashboard; the platform makes destination charges with an application fee.
 *
 * `GET /stripe/connect/provider/link` makes the account once (concurrent
 * requests serialized, `ensureAccount`), a single-use
 * CSRF token, and an account link whose return URL is the PWA's
 * `/stripe/connected?state=TOKEN` (refresh URL: `/stripe/connect`, the Retry
 * page). The PWA then posts `finalize {csrfToken}`: the token must be this
 * doctor's, unused and fresh; the account is read back and
 * `is_active_stripe_account` = charges and payouts enabled. Later changes come
 * by `account.updated` webhooks (./events.ts), which keep that flag true only
 * while both are enabled.
 */
import type { Actor } from "../../access/actor.ts";
import type { Deps } from "../../deps.ts";
import { AppError, notFound } from "../../http/errors.ts";
import { browserOrigin } from "../../config.ts";
import { sha256 } from "../../access/tokens.ts";
import type { PayoutAccountStatus, PayoutFinalize, PayoutLink } from "../../../../sync/schemas/commerce-answers.ts";

const encodeHex = (b: Uint8Array) => Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
const LINK_TTL_MS = 60 * 60 * 1000;
export const noStripeAccount = () => notFound("You have no Stripe account.");
export const connectFailed = () => new AppError(400, "There was an error connecting your stripe account!", { reason: "CONNECT_FAILED" });

export function createPayoutAccounts(deps: Pick<Deps, "sql" | "audit" | "payments" | "config" | "clock">) {
  const { sql, audit, payments, config, clock } = deps;

  async function doctorRow(id: string) {
    const [row] = await sql<{ email: string; stripe_account: string | null; is_active_stripe_account: boolean }[]>`
      select email, stripe_account, is_active_stripe_account from users where id = ${id} and role = 'doctor'`;
    return row;
  }

  /**
   * Makes the doctor's processor account once. Concurrent link requests (two tabs, a double click) queue on a
   * per-doctor advisory lock held while the account is made and stored, and the later ones find it stored. The
   * processor call also carries the idempotency key `account-{userId}`, but Stripe keeps keys for 24 hours only,
   * so the lock, not the key, is what makes it once.
   */
  async function ensureAccount(userId: string, email: string): Promise<string> {
    const made = await sql.begin(async (tx) => {
      await tx`select pg_advisory_xact_lock(hashtextextended(${`payout-account:${userId}`}, 0))`;
      const [row] = await tx<{ stripe_account: string | null }[]>`select stripe_account from users where id = ${userId}`;
      if (row?.stripe_account) return { accountId: row.stripe_account, created: false };
      const accountId = await payments.createConnectedAccount({ userId, email });
      await tx`update users set stripe_account = ${accountId}, is_active_stripe_account = false where id = ${userId}`;
      return { accountId, created: true };
    });
    if (made.created) {
      await audit.record({ event: "payment.write", actorId: userId, subjectId: userId, details: { what: "payout.account.create", accountId: made.accountId } });
    }
    return made.accountId;
  }

  return {
    /** The onboarding link (the account made the first time), back to the origin the doctor is on (`browserOrigin`). */
    async link(actor: Actor, host?: string): Promise<PayoutLink> {
      const origin = browserOrigin(config, host);
      const me = await doctorRow(actor.userId);
      const accountId = me.stripe_account ?? await ensureAccount(actor.userId, me.email);
      const token = encodeHex(crypto.getRandomValues(new Uint8Array(24)));
      await sql`insert into payout_link_states (token_hash, doctor_id, expires_at)
        values (${await sha256(token)}, ${actor.userId}, ${new Date(clock.now().getTime() + LINK_TTL_MS)})`;
      const url = await payments.createAccountLink({
        accountId,
        returnUrl: `${origin}/stripe/connected?state=${token}`,
        refreshUrl: `${origin}/stripe/connect`,
      });
      return { url, csrfToken: token };
    },

    /** Back from onboarding: checks the CSRF token, reads the account, sets the flag. */
    async finalize(actor: Actor, csrfToken: string): Promise<PayoutFinalize> {
      const [state] = await sql<{ doctor_id: string }[]>`update payout_link_states set used_at = ${clock.now()}
        where token_hash = ${await sha256(csrfToken)} and doctor_id = ${actor.userId} and used_at is null and expires_at > ${clock.now()}
        returning doctor_id`;
      if (!state) throw connectFailed();
      const me = await doctorRow(actor.userId);
      if (!me.stripe_account) throw connectFailed();
      const account = await payments.retrieveAccount(me.stripe_account);
      const active = account.chargesEnabled && account.payoutsEnabled;
      await sql`update users set is_active_stripe_account = ${active} where id = ${actor.userId}`;
      await audit.record({ event: "payment.write", actorId: actor.userId, subjectId: actor.userId, details: { what: "payout.account.finalize", active } });
      // The account's id too: the app updates its signed-in user (a doctor with an account is no longer sent to connect).
      return { active, detailsSubmitted: account.detailsSubmitted, accountId: me.stripe_account };
    },

    /** The doctor's payout account: status, for Settings. */
    async status(actor: Actor): Promise<PayoutAccountStatus> {
      const me = await doctorRow(actor.userId);
      return { connected: !!me.stripe_account, active: !!me.stripe_account && me.is_active_stripe_account };
    },

    /** The processor's dashboard for the doctor's account (GET /stripe/account/me/link). */
    async dashboardLink(actor: Actor): Promise<{ url: string }> {
      const me = await doctorRow(actor.userId);
      if (!me.stripe_account) throw noStripeAccount();
      return { url: await payments.createLoginLink(me.stripe_account) };
    },
  };
}
export type PayoutAccounts = ReturnType<typeof createPayoutAccounts>;
