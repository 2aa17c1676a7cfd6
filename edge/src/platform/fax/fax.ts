/**
 * The `fax` dependency: send a PDF to a number, hear back by webhook. Shaped
 * after Phaxio's v2.1 API (Sinch's fax API), the vendor we model: a send is
 * `POST /faxes` (multipart `to`, `file`, `callback_url`, HTTP Basic with the API
 * key and secret) answering `{success, message, data: {id}}`; the vendor calls
 * back with a multipart form (`event_type`, `direction`, `success`, `fax` as
 * JSON, and for a received fax the PDF as `filename`) signed in
 * `X-Phaxio-Signature`. The production client is ./phaxio.ts; tests and the demo
 * point it at the emulator in edge/emulators/fax/.
 */
import type { FaxStatus } from "../../../../sync/schemas/document.ts";

export type FaxSendRequest = { to: string; pdf: Uint8Array; fileName: string; callbackUrl: string };

/** A webhook delivery, as parsed from the vendor's form. */
export type FaxWebhookEvent =
  | {
    kind: "status";
    /** The vendor's fax id. */
    faxId: string;
    status: FaxStatus;
    /** Why it failed, for people ("Busy", "No answer"…); null when it did not. */
    message: string | null;
    /** When the vendor saw this status: later callbacks may arrive first. */
    at: Date;
    /** Unique per vendor event: a redelivery has the same key. */
    key: string;
  }
  | { kind: "received"; faxId: string; from: string; to: string; pages: number; at: Date; pdf: Uint8Array; key: string };

export interface Fax {
  /** The vendor's name, for logs and docs. */
  readonly vendor: string;
  /** Hands the fax to the vendor; answers its id. Throws FaxSendError when the vendor refuses it. */
  send(request: FaxSendRequest): Promise<{ faxId: string }>;
  /**
   * Checks the signature of a webhook delivery and parses it; null when the
   * signature is wrong or the form is not one of the vendor's events.
   */
  parseWebhook(input: { url: string; signature: string | null; form: FormData }): Promise<FaxWebhookEvent | null>;
}

export class FaxSendError extends Error {
  constructor(message: string, readonly retryable: boolean) {
    super(message);
    this.name = "FaxSendError";
  }
}
