import { type FormEvent, useCallback, useRef, useState } from "react";
import type { z } from "zod";
import { ApiError } from "../api/api-error.ts";
import { useOptionalSnackbar } from "../../ui/Snackbar.tsx";
import { type FieldErrors, validate } from "./field-errors.ts";

export type UseFormOptions<V, T> = {
  /** The shared schema from sync/; runs before submit. */
  schema: z.ZodType<T>;
  initial: V;
  /** Prefix of field ids, so the first invalid field can be focused. */
  idPrefix: string;
  /** Shapes the form values into what the schema expects (e.g. adds `role`). */
  toInput?: (values: V) => unknown;
  /** Checks the schema cannot make (e.g. a chosen file); merged with the schema's errors. */
  extraCheck?: (values: V) => FieldErrors;
};

export type FormController<V, T> = {
  values: V;
  set: <K extends keyof V>(name: K, value: V[K]) => void;
  setValues: (update: (values: V) => V) => void;
  errors: FieldErrors;
  setErrors: (errors: FieldErrors) => void;
  /** A message for the whole form (e.g. "Email or password mismatch"). */
  formError: string | null;
  submitting: boolean;
  /** The id of the field called `name`, as rendered. */
  fieldId: (name: string) => string;
  handleSubmit: (onValid: (data: T) => Promise<void>) => (event?: FormEvent) => Promise<void>;
};

/**
 * Form state with the shared zod schema: errors appear beside each field
 * (zod issue path or the server's `details.fields`), the first bad field gets
 * focus, and the submit button knows when the request is in flight. A failed
 * request is announced once by the snackbar and stays visible above the button,
 * unless its message is the error shown beside a field.
 */
export function useForm<V extends Record<string, unknown>, T>(options: UseFormOptions<V, T>): FormController<V, T> {
  const { schema, initial, idPrefix, toInput, extraCheck } = options;
  const [values, setValuesState] = useState<V>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const inFlight = useRef(false);
  const notify = useOptionalSnackbar();
  const fieldId = useCallback((name: string) => `${idPrefix}-${name.replaceAll(".", "-")}`, [idPrefix]);

  const set = useCallback(<K extends keyof V>(name: K, value: V[K]) => {
    setValuesState((current) => ({ ...current, [name]: value }));
    // Editing a field clears its error and those of its nested entries.
    setErrors((current) => {
      const key = name as string;
      const stale = Object.keys(current).filter((path) => path === key || path.startsWith(`${key}.`));
      if (stale.length === 0) return current;
      const rest = { ...current };
      for (const path of stale) delete rest[path];
      return rest;
    });
  }, []);

  const focusFirst = (fieldErrors: FieldErrors) => {
    for (const path of Object.keys(fieldErrors)) {
      const element = document.getElementById(fieldId(path));
      if (element) {
        element.focus();
        return;
      }
    }
  };

  const handleSubmit = (onValid: (data: T) => Promise<void>) => async (event?: FormEvent) => {
    event?.preventDefault();
    if (inFlight.current) return;
    setFormError(null);
    const result = validate(schema, toInput ? toInput(values) : values);
    const extra = extraCheck?.(values) ?? {};
    if (!result.ok || Object.keys(extra).length > 0) {
      const all = { ...(result.ok ? {} : result.errors), ...extra };
      setErrors(all);
      focusFirst(all);
      return;
    }
    setErrors({});
    inFlight.current = true;
    setSubmitting(true);
    try {
      await onValid(result.data);
    } catch (error) {
      if (error instanceof ApiError) {
        const fields = error.fieldErrors;
        setErrors(fields);
        // A message already shown beside its field (and focused there) is not repeated above the button.
        if (!Object.values(fields).includes(error.message)) {
          setFormError(error.message);
          notify?.(error.message, "error");
        }
        focusFirst(fields);
      } else {
        console.error(error);
        setFormError("Something went wrong. Please try again.");
        notify?.("Something went wrong. Please try again.", "error");
      }
    } finally {
      inFlight.current = false;
      setSubmitting(false);
    }
  };

  return {
    values,
    set,
    setValues: setValuesState,
    errors,
    setErrors,
    formError,
    submitting,
    fieldId,
    handleSubmit,
  };
}
