import type { PriceChangePreview } from "../../../../../sync/schemas/membership.ts";
import { formatUsd } from "../../../../../sync/rules/money.ts";
import { errorMessage, isApiError } from "../../../lib/api/api-error.ts";
import { ConfirmDialog } from "../../../ui/index.ts";

/** The edge's 409 before a price members will be told of (issue 32): its preview, else null. */
export function priceChangePreview(error: unknown): PriceChangePreview | null {
  if (!isApiError(error) || error.details.reason !== "PRICE_CHANGE_NEEDS_CONFIRMATION") return null;
  const d = error.details as unknown as PriceChangePreview;
  return typeof d.members === "number" ? d : null;
}

/** What will be said to whom, before any member is told: confirm, or keep the old price. */
export function PriceChangeConfirm(
  { preview, planName, onConfirm, onClose }: { preview: PriceChangePreview; planName: string; onConfirm: () => Promise<void>; onClose: () => void },
) {
  const who = `${preview.members} ${preview.members === 1 ? "member pays" : "members pay"}`;
  return (
    <ConfirmDialog
      title={`Tell ${preview.members} ${preview.members === 1 ? "member" : "members"} about the new price?`}
      summary={`${who} ${formatUsd(preview.oldCents)} for ${planName}. Each gets an email and a notice: the price becomes ` +
        `${formatUsd(preview.newCents)}, and renewals in the next ${preview.noticeDays} days keep ${formatUsd(preview.oldCents)}. ` +
        `New members pay ${formatUsd(preview.newCents)} at once. You can undo the change for ${preview.undoMinutes} minutes; ` +
        `no one is told before then.`}
      confirmLabel="Save and tell members"
      onConfirm={onConfirm}
      onClose={onClose}
      describeFailure={errorMessage}
    />
  );
}
