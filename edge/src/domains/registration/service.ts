/** Registration, activation, password reset and VMA password creation. */
import type { Deps, RequestMeta } from "../../deps.ts";
import { AppError, badRequest } from "../../http/errors.ts";
import type { Registration } from "../../../../sync/schemas/auth.ts";
import { checkFile } from "../../../../sync/files.ts";
import { SIGNATURE_MAX_BYTES } from "../../../../sync/constants.ts";
import { createAccounts } from "../users/accounts.ts";
import type { Activated, AuthUser, PasswordReset, ResetLink, ResetSent, VmaPasswordSet } from "../../../../sync/schemas/user.ts";
import { createLinkTokens } from "./tokens-repo.ts";
import { addDefaultNoteTypes } from "../chart/default-note-types.ts";

const HOUR_MS = 3_600_000;
export const INVALID_LINK = "Invalid or expired link. Please request a new one.";
export const EMAIL_OCCUPIED = "Email already occupied";

/**
 * The agreements accepted at sign-up: each must be a published agreement, and
 * every published required one placed on the sign-up form must be there
 * (issue 18; admins manage them). Refused as field errors, like the schema's.
 */
async function checkSignupAgreements(sql: Deps["sql"], names: string[]) {
  const rows = await sql<{ name: string; title: string; required: boolean; signup_placement: boolean }[]>`
    select name, title, required, signup_placement from agreements where status = 'published'`;
  const fields: Record<string, string> = {};
  names.forEach((name, i) => {
    if (!rows.some((r) => r.name === name)) fields[`agreements.${i}`] = "Unknown agreement";
  });
  const missing = rows.filter((r) => r.required && r.signup_placement && !names.includes(r.name));
  if (missing.length) fields.agreements = `Accept the ${missing.map((r) => r.title).join(", ")}`;
  if (Object.keys(fields).length) throw badRequest("Please correct the highlighted fields", { reason: "VALIDATION_FAILED", fields });
}

export function createRegistrationService(deps: Deps & { endAllSessions(userId: string, reason: "password_reset"): Promise<number> }) {
  const { sql, clock, passwords, mailer, audit, blobs, config, rateLimiter, limits } = deps;
  const accounts = createAccounts(sql);
  const links = createLinkTokens(sql);
  const link = (path: string, token: string) => `${config.publicOrigin}/${path}?token=${encodeURIComponent(token)}`;

  async function sendActivation(userId: string, email: string, firstName: string) {
    const token = await links.issue(userId, "activation", new Date(clock.now().getTime() + 72 * HOUR_MS));
    await mailer.send({
      to: email,
      subject: "Activate your DPC Telehealth account",
      text: `Hello ${firstName},\n\nPlease activate your account by opening this link within 72 hours:\n${
        link("verifyRegistration", token)
      }\n\nIf you did not register, you can ignore this email.`,
    });
  }

  return {
    async register(input: Registration, sign: File | undefined, meta: RequestMeta): Promise<AuthUser> {
      await checkSignupAgreements(sql, input.agreements);
      if (await accounts.emailTaken(input.email)) {
        throw badRequest(EMAIL_OCCUPIED, { reason: "EMAIL_OCCUPIED", fields: { email: EMAIL_OCCUPIED } });
      }
      let signBytes: { data: Uint8Array; contentType: string } | null = null;
      if (input.role === "doctor") {
        if (!sign) throw badRequest("Please correct the highlighted fields", { reason: "VALIDATION_FAILED", fields: { sign: "Upload your signature (jpg or png)" } });
        const data = new Uint8Array(await sign.arrayBuffer());
        const check = checkFile(data, data.byteLength, "signature", SIGNATURE_MAX_BYTES, sign.name);
        if (!check.ok) throw badRequest(check.message, { reason: "UNSUPPORTED_FILE", fields: { sign: check.message } });
        signBytes = { data, contentType: check.contentType };
      }
      const passwordHash = await passwords.hash(input.password);
      const doctor = input.role === "doctor" ? input : null;
      const userId = await sql.begin(async (tx) => {
        const [row] = await tx<{ id: string }[]>`
          insert into users (role, email, password_hash, first_name, last_name, birth_date, gender, phone_number,
            state, city, zip, address, application_status, npi, dea, fax, timezone, specialty, licensed_states)
          values (${input.role}, ${input.email}, ${passwordHash}, ${input.firstName}, ${input.lastName}, ${input.birthDate},
            ${input.gender}, ${input.phoneNumber}, ${input.state}, ${input.city}, ${input.zip}, ${input.address},
            ${doctor ? "initial" : null}, ${doctor?.npi ?? null}, ${doctor?.dea ?? null}, ${doctor?.fax ?? null},
            ${doctor?.timezone ?? null}, ${doctor?.specialty ?? null}, ${doctor?.licensedStates ?? []})
          on conflict do nothing
          returning id`;
        if (!row) return null;
        // A new practice starts with the default note types, so its first note never dead-ends (issue 31).
        if (input.role === "doctor") await addDefaultNoteTypes(tx, row.id, clock.now());
        for (const name of new Set(input.agreements)) {
          await tx`insert into user_agreements (user_id, name, version) values (${row.id}, ${name},
            coalesce((select version from agreements where name = ${name}), 1))`;
        }
        return row.id;
      });
      if (!userId) throw badRequest(EMAIL_OCCUPIED, { reason: "EMAIL_OCCUPIED", fields: { email: EMAIL_OCCUPIED } });
      if (signBytes) {
        const blobId = await blobs.put({ ownerId: userId, kind: "signature", ...signBytes });
        await accounts.setSignature(userId, blobId);
      }
      await audit.record({ event: "account.registered", actorId: userId, subjectId: userId, address: meta.address, details: { role: input.role } });
      await sendActivation(userId, input.email, input.firstName);
      return (await accounts.user(userId))!;
    },

    async verify(token: string, meta: RequestMeta): Promise<Activated> {
      const userId = await links.consume(token, "activation", clock.now());
      if (!userId) throw badRequest(INVALID_LINK, { reason: "INVALID_TOKEN" });
      await accounts.activate(userId);
      await audit.record({ event: "account.activated", actorId: userId, subjectId: userId, address: meta.address });
      return { activated: true };
    },

    /**
     * Always answers the same way, so the form cannot be used to learn which
     * emails have accounts; the mail goes only to registered, usable accounts.
     */
    async requestReset(email: string, meta: RequestMeta): Promise<ResetSent> {
      await rateLimiter.hit(`reset:address:${meta.address ?? "unknown"}`, limits.passwordResetPerAddress);
      const account = await accounts.byEmail(email);
      if (account && !account.isBanned) {
        const user = account.user;
        const token = await links.issue(user.id, "reset", new Date(clock.now().getTime() + 2 * HOUR_MS));
        await mailer.send({
          to: user.email,
          subject: "Reset your DPC Telehealth password",
          text: `Hello ${user.firstName},\n\nTo choose a new password, open this link within 2 hours:\n${
            link("resetPassword", token)
          }\n\nIf you did not ask for this, ignore this email: your password stays the same.`,
        });
      }
      return { sent: true };
    },

    async checkReset(token: string): Promise<ResetLink> {
      const userId = await links.peek(token, "reset", clock.now());
      if (!userId) throw badRequest(INVALID_LINK, { reason: "INVALID_TOKEN" });
      const user = await accounts.user(userId);
      return { valid: true, email: user!.email };
    },

    async reset(token: string, input: { password: string; agreements?: string[] }, meta: RequestMeta): Promise<PasswordReset> {
      const userId = await links.consume(token, "reset", clock.now());
      if (!userId) throw badRequest(INVALID_LINK, { reason: "INVALID_TOKEN" });
      // Following an emailed link proves the address: an unactivated account becomes active.
      await accounts.setPassword(userId, { hash: await passwords.hash(input.password), at: clock.now(), activate: true });
      for (const name of new Set(input.agreements ?? [])) {
        // Accepting at reset records the current version (a newer version asks again).
        // Only published agreements are recorded; other names are ignored.
        await sql`insert into user_agreements (user_id, name, version)
          select ${userId}, name, version from agreements where name = ${name} and status = 'published'
          on conflict (user_id, name) do update set version = excluded.version, accepted_at = now()`;
      }
      await deps.endAllSessions(userId, "password_reset");
      await audit.record({ event: "password.reset", actorId: userId, subjectId: userId, address: meta.address });
      return { reset: true };
    },

    async setVmaPassword(token: string, password: string, meta: RequestMeta): Promise<VmaPasswordSet> {
      const invited = await links.peek(token, "vma_invite", clock.now());
      if (!invited) throw badRequest(INVALID_LINK, { reason: "INVALID_TOKEN" });
      if ((await accounts.user(invited))?.role !== "vma") {
        throw new AppError(400, "This email does not belong to a VMA", { reason: "NOT_A_VMA" });
      }
      const userId = await links.consume(token, "vma_invite", clock.now());
      if (!userId) throw badRequest(INVALID_LINK, { reason: "INVALID_TOKEN" });
      await accounts.setPassword(userId, { hash: await passwords.hash(password), at: clock.now(), activate: true });
      await audit.record({ event: "vma.password.set", actorId: userId, subjectId: userId, address: meta.address });
      return { passwordSet: true };
    },

    /** Used by the doctor's "invite VMA" flow and its tests: mails a password-creation link. */
    async inviteVma(vmaId: string, email: string, firstName: string) {
      const token = await links.issue(vmaId, "vma_invite", new Date(clock.now().getTime() + 72 * HOUR_MS));
      await mailer.send({
        to: email,
        subject: "You have been invited to DPC Telehealth",
        text: `Hello ${firstName},\n\nA doctor added you as their virtual medical assistant. Create your password within 72 hours:\n${
          link("vmaPassword", token)
        }`,
      });
      return token;
    },
  };
}
export type RegistrationService = ReturnType<typeof createRegistrationService>;
