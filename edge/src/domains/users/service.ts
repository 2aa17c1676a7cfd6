/** Reading and editing users: profile, phone and SMS codes, email, blocking, admin lists. */
import type { Actor } from "../../access/actor.ts";
import { randomDigits, sha256 } from "../../access/tokens.ts";
import type { Deps, RequestMeta } from "../../deps.ts";
import { AppError, badRequest, forbidden, notFound } from "../../http/errors.ts";
import { listOf } from "../../http/envelope.ts";
import { checkFile } from "../../../../sync/files.ts";
import { SIGNATURE_MAX_BYTES } from "../../../../sync/constants.ts";
import type { Role } from "../../../../sync/roles.ts";
import type { AuthUser, ProfileFilled, PublicDoctorProfile, SmsSent, UserUpdate } from "../../../../sync/schemas/user.ts";
import { EMAIL_OCCUPIED } from "../registration/service.ts";
import { createUsersRepo, toAuthUser, toPublicDoctor } from "./repo.ts";
import { assertFaxFree } from "./fax-number.ts";
import { visibilityOf } from "./visibility.ts";
import type { SyncWriter } from "../sync/writer.ts";
import { touchPanel } from "../patients/panel.ts";

const CODE_TTL_MS = 10 * 60_000;
export const INVALID_CODE = "Invalid phone verification code";
const DOCTOR_ONLY: (keyof UserUpdate)[] = ["npi", "dea", "fax", "timezone", "specialty", "licensedStates"];
const COLUMN: Record<keyof UserUpdate, string> = {
  firstName: "first_name", lastName: "last_name", birthDate: "birth_date", gender: "gender", state: "state",
  city: "city", zip: "zip", address: "address", bio: "bio", npi: "npi", dea: "dea", fax: "fax",
  timezone: "timezone", specialty: "specialty", licensedStates: "licensed_states",
};

export function createUsersService(
  deps: Deps & { endAllSessions(userId: string, reason: "blocked"): Promise<number>; write: SyncWriter },
) {
  const { sql, clock, audit, sms, rateLimiter, limits, blobs } = deps;
  const users = createUsersRepo(sql);
  /** Every change of a user row; a patient's reaches their care team's devices (the panel). */
  const writeUser = async (id: string, fields: Record<string, unknown>) => {
    await users.update(id, fields);
    await touchPanel(deps.write, [id]);
  };

  async function mustGet(id: string) {
    const row = await users.byId(id);
    if (!row) throw notFound("User not found");
    return row;
  }

  /** Uses the newest live SMS code of a user; wrong codes count towards a limit. */
  async function consumeCode(userId: string, code: string) {
    const [row] = await sql<{ id: string; code_hash: string; attempts: number; target: string }[]>`
      select id, code_hash, attempts, target from verification_codes
      where user_id = ${userId} and used_at is null and expires_at > ${clock.now()}
      order by created_at desc limit 1`;
    if (!row) throw badRequest(INVALID_CODE, { reason: "INVALID_CODE", fields: { verificationCode: INVALID_CODE } });
    if (row.attempts >= limits.smsCodeAttempts) {
      throw new AppError(429, "Too many wrong codes. Request a new code.", { reason: "CODE_ATTEMPTS_EXCEEDED" });
    }
    if (row.code_hash !== (await sha256(`${userId}:${code}`))) {
      await sql`update verification_codes set attempts = attempts + 1 where id = ${row.id}`;
      throw badRequest(INVALID_CODE, { reason: "INVALID_CODE", fields: { verificationCode: INVALID_CODE } });
    }
    await sql`update verification_codes set used_at = ${clock.now()} where id = ${row.id}`;
    return row.target;
  }

  async function current(id: string): Promise<AuthUser> {
    return toAuthUser(await mustGet(id));
  }

  /** A signature image checked by its bytes (jpg or png, at most 20 MB: sync/files.ts) and stored; its blob's id. */
  async function storeSignature(ownerId: string, file: File): Promise<string> {
    const data = new Uint8Array(await file.arrayBuffer());
    const check = checkFile(data, data.byteLength, "signature", SIGNATURE_MAX_BYTES, file.name);
    if (!check.ok) throw badRequest(check.message, { reason: "UNSUPPORTED_FILE", fields: { sign: check.message } });
    return await blobs.put({ ownerId, kind: "signature", contentType: check.contentType, data });
  }

  return {
    async get(actor: Actor | null, id: string): Promise<AuthUser | PublicDoctorProfile> {
      const row = await users.byId(id);
      const visibility = row ? visibilityOf(actor, row) : null;
      if (!row || !visibility) throw notFound("User not found");
      return visibility === "full" ? toAuthUser(row) : toPublicDoctor(row);
    },

    async update(actor: Actor, id: string, input: UserUpdate, files: { sign?: File }) {
      if (actor.userId !== id && actor.role !== "admin") throw notFound("User not found");
      const target = await mustGet(id);
      const doctorFields = DOCTOR_ONLY.filter((k) => input[k] !== undefined);
      if (target.role !== "doctor" && (doctorFields.length || files.sign)) {
        throw badRequest("Only doctors have professional fields", {
          reason: "VALIDATION_FAILED",
          fields: Object.fromEntries([...doctorFields, ...(files.sign ? ["sign"] : [])].map((k) => [k, "Only for doctors"])),
        });
      }
      await assertFaxFree(sql, input.fax, id);
      const changes: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(input)) {
        if (value !== undefined) changes[COLUMN[key as keyof UserUpdate]] = value;
      }
      const oldSign = files.sign ? target.sign_blob_id : null;
      if (files.sign) changes.sign_blob_id = await storeSignature(id, files.sign);
      await writeUser(id, changes);
      if (oldSign) await blobs.remove(oldSign);
      return await current(id);
    },

    /** `PUT /doctors/sign` (02 §7): the doctor's signature image, printed on the documents they sign. */
    async replaceSignature(actor: Actor, file: File | undefined, meta: RequestMeta) {
      if (!file) throw badRequest("Please correct the highlighted fields", { reason: "VALIDATION_FAILED", fields: { sign: "Choose a jpg or png image of your signature" } });
      const target = await mustGet(actor.userId);
      const blobId = await storeSignature(actor.userId, file);
      await writeUser(actor.userId, { sign_blob_id: blobId });
      if (target.sign_blob_id) await blobs.remove(target.sign_blob_id);
      await audit.record({ event: "signature.changed", actorId: actor.userId, subjectId: actor.userId, address: meta.address });
      return await current(actor.userId);
    },

    async signature(actor: Actor, id: string) {
      const target = await users.byId(id);
      if (!target?.sign_blob_id || visibilityOf(actor, target) !== "full") throw notFound("Signature not found");
      const blob = await blobs.get(target.sign_blob_id);
      if (!blob) throw notFound("Signature not found");
      return blob;
    },

    async listByRole(role: Role, opts: { offset: number; limit: number; search?: string }) {
      const { rows, totalCount } = await users.listByRole(role, opts);
      return listOf(rows.map((r) => toAuthUser(r)), opts.offset, opts.limit, totalCount);
    },

    async profileFilled(actor: Actor): Promise<ProfileFilled> {
      const user = await current(actor.userId);
      return { isFilled: user.profileNotFilledStage === null, stage: user.profileNotFilledStage };
    },

    async setBlocked(actor: Actor, id: string, blocked: boolean, meta: RequestMeta) {
      if (id === actor.userId) throw badRequest("You cannot block yourself");
      const target = await mustGet(id);
      if (target.role === "admin" && !actor.isSuperAdmin) throw forbidden("Only a super admin may block an admin");
      if (target.is_super_admin) throw forbidden("A super admin cannot be blocked");
      await writeUser(id, { is_blocked: blocked });
      if (blocked) await deps.endAllSessions(id, "blocked");
      await audit.record({ event: blocked ? "user.blocked" : "user.unblocked", actorId: actor.userId, subjectId: id, address: meta.address });
      return await current(id);
    },

    async changePhone(actor: Actor, phone: string, meta: RequestMeta) {
      const user = await mustGet(actor.userId);
      if (user.phone_number !== phone) {
        await writeUser(actor.userId, { phone_number: phone, is_phone_verified: false });
        await sql`update verification_codes set used_at = ${clock.now()} where user_id = ${actor.userId} and used_at is null`;
        await audit.record({ event: "phone.changed", actorId: actor.userId, subjectId: actor.userId, address: meta.address });
      }
      return await current(actor.userId);
    },

    async requestSmsCode(actor: Actor, meta: RequestMeta): Promise<SmsSent> {
      const user = await mustGet(actor.userId);
      if (!user.phone_number) {
        throw badRequest("SMS code cannot be sent: add a phone number first", { reason: "NO_PHONE" });
      }
      await rateLimiter.hit(`sms:account:${actor.userId}`, limits.smsPerAccount);
      await rateLimiter.hit(`sms:address:${meta.address ?? "unknown"}`, limits.smsPerAddress);
      const code = randomDigits(6);
      await sql`update verification_codes set used_at = ${clock.now()} where user_id = ${actor.userId} and used_at is null`;
      await sql`insert into verification_codes (user_id, code_hash, target, expires_at)
        values (${actor.userId}, ${await sha256(`${actor.userId}:${code}`)}, ${user.phone_number},
                ${new Date(clock.now().getTime() + CODE_TTL_MS)})`;
      try {
        await sms.send(user.phone_number, `Your DPC Telehealth code is ${code}. It expires in 10 minutes.`);
      } catch {
        throw new AppError(502, "SMS code cannot be sent. Please try again later.", { reason: "SMS_FAILED" });
      }
      return { sentTo: `•••${user.phone_number.slice(-4)}` };
    },

    async confirmPhone(actor: Actor, code: string, meta: RequestMeta) {
      const target = await consumeCode(actor.userId, code);
      const user = await mustGet(actor.userId);
      if (user.phone_number !== target) throw badRequest(INVALID_CODE, { reason: "INVALID_CODE" });
      await writeUser(actor.userId, { is_phone_verified: true });
      await audit.record({ event: "phone.verified", actorId: actor.userId, subjectId: actor.userId, address: meta.address });
      return await current(actor.userId);
    },

    async changeOwnEmail(actor: Actor, newEmail: string, code: string, meta: RequestMeta) {
      if (await users.emailTaken(newEmail, actor.userId)) {
        throw badRequest(EMAIL_OCCUPIED, { reason: "EMAIL_OCCUPIED", fields: { newEmail: EMAIL_OCCUPIED } });
      }
      await consumeCode(actor.userId, code);
      const before = await mustGet(actor.userId);
      await writeUser(actor.userId, { email: newEmail });
      await audit.record({ event: "email.changed", actorId: actor.userId, subjectId: actor.userId, address: meta.address, details: { from: before.email, to: newEmail } });
      return await current(actor.userId);
    },

    async adminChangeEmail(actor: Actor, userId: string, newEmail: string, meta: RequestMeta) {
      const target = await mustGet(userId);
      if (target.role === "admin" && !actor.isSuperAdmin && userId !== actor.userId) {
        throw forbidden("Only a super admin may change another admin's email");
      }
      if (await users.emailTaken(newEmail, userId)) {
        throw badRequest(EMAIL_OCCUPIED, { reason: "EMAIL_OCCUPIED", fields: { newEmail: EMAIL_OCCUPIED } });
      }
      await writeUser(userId, { email: newEmail });
      await audit.record({ event: "email.changed.by_admin", actorId: actor.userId, subjectId: userId, address: meta.address, details: { from: target.email, to: newEmail } });
      return await current(userId);
    },
  };
}
export type UsersService = ReturnType<typeof createUsersService>;
