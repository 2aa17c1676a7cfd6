import { useId } from "react";
import { describedBy } from "../../../ui/FieldMessage.tsx";
import { SIGNATURE_TYPES } from "../registration.ts";

type SignatureFieldProps = {
  id: string;
  file: File | null;
  onChange: (file: File | null) => void;
  error?: string;
};

/** The doctor's signature image, used on prescriptions and documents. */
export function SignatureField({ id, file, onChange, error }: SignatureFieldProps) {
  const hintId = `${useId()}-hint`;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className="ui-field">
      <label className="ui-field__label" htmlFor={id}>Signature image</label>
      <input
        id={id}
        type="file"
        className="ui-input"
        accept={SIGNATURE_TYPES.join(",")}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy({ hintId, errorId })}
        onChange={(event) => onChange(event.target.files?.[0] ?? null)}
      />
      <span id={hintId} className="ui-field__hint">
        {file ? `Chosen: ${file.name}` : "A JPG or PNG photo or scan of your signature, up to 20 MB."}
      </span>
      {error && <p id={errorId} className="ui-field__error" role="alert">{error}</p>}
    </div>
  );
}
