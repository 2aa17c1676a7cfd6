import { Button } from "../../../ui/index.ts";

type CardFormActionsProps = { error?: string | null; busy: boolean; submitLabel: string; onCancel?: () => void };

/** The end of a card form, whichever module takes the card: its failure (an alert), submit and cancel. */
export function CardFormActions({ error, busy, submitLabel, onCancel }: CardFormActionsProps) {
  return (
    <>
      {error && <p className="form-error" role="alert">{error}</p>}
      <div className="row">
        <Button type="submit" loading={busy}>{submitLabel}</Button>
        {onCancel && (
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
        )}
      </div>
    </>
  );
}
