import type { FormEvent } from "react";
import {
  type DefaultValues,
  type FieldValues,
  type Path,
  type PathValue,
  type UseFormReturn,
  useForm as useHookForm,
  useWatch,
} from "react-hook-form";
import type { z } from "zod";
import type { FieldErrors } from "../../../../sync/field-errors.ts";
import { ApiError } from "../api/api-error.ts";
import { useOptionalSnackbar } from "../../ui/Snackbar.tsx";
import { bindField, type FieldBinding } from "./field-binding.ts";
import { flattenErrors, schemaResolver } from "./schema-resolver.ts";

export type { FieldErrors } from "../../../../sync/field-errors.ts";

export const SUBMIT_FAILED = "Something went wrong. Please try again.";

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
  /**
   * Whether a failed request is also announced by the snackbar (the default). A form that shows
   * `formError` in a live region of its own (`role="alert"`) says `false`: one announcement, not two.
   */
  announceFailure?: boolean;
};

export type FormController<V extends FieldValues, T> = {
  values: V;
  set: <K extends keyof V>(name: K, value: V[K]) => void;
  setValues: (update: (values: V) => V) => void;
  /** Sets every value and clears every error, the form's message included (a cancel, another record to edit). */
  reset: (values: V) => void;
  /** Field errors keyed by dotted path (`allergies.0.name`), as the edge's `details.fields`. */
  errors: FieldErrors;
  setErrors: (errors: FieldErrors) => void;
  /** A message for the whole form (e.g. "Email or password mismatch"). */
  formError: string | null;
  submitting: boolean;
  /** The id of the field called `name`, as rendered. */
  fieldId: (name: string) => string;
  /** A `TextField`'s or `Select`'s binding to the value `name`: its id, value, change handler and error. */
  field: <K extends keyof V & string>(name: K) => FieldBinding<V[K]>;
  handleSubmit: (onValid: (data: T) => void | Promise<void>) => (event?: FormEvent) => Promise<void>;
  /** react-hook-form's own form, for what the controller does not cover. */
  form: UseFormReturn<V, unknown, T>;
};

/** Where the message for the whole form is kept among react-hook-form's errors. */
const FORM_ERROR = "root.server";

/**
 * Form state in react-hook-form, checked with the shared zod schema: errors appear beside each
 * field (zod issue path or the server's `details.fields`, both mapped by `sync/field-errors.ts`),
 * the first bad field gets focus, and the submit button knows when the request is in flight.
 * A failed request is announced once by the snackbar and stays visible above the button, unless
 * its message is the error shown beside a field.
 */
export function useForm<V extends FieldValues, T>(options: UseFormOptions<V, T>): FormController<V, T> {
  const { schema, initial, idPrefix, toInput, extraCheck, announceFailure = true } = options;
  const form = useHookForm<V, unknown, T>({
    defaultValues: initial as DefaultValues<V>,
    resolver: schemaResolver({ schema, toInput, extraCheck }),
    // Errors come from a submit; editing a field clears its own (see `set`) without checking again.
    reValidateMode: "onSubmit",
    // Fields are controlled inputs, not registered: the first one in error is found by its id.
    shouldFocusError: false,
  });
  const { errors: nested, isSubmitting } = form.formState;
  const values = useWatch({ control: form.control }) as V;
  const notify = useOptionalSnackbar();
  const fieldId = (name: string) => `${idPrefix}-${name.replaceAll(".", "-")}`;
  const errors = flattenErrors(nested);

  const set = <K extends keyof V>(name: K, value: V[K]) => {
    const path = String(name) as Path<V>;
    form.setValue(path, value as PathValue<V, Path<V>>);
    // Editing a field clears its error and those of its nested entries.
    if (form.getFieldState(path).error) form.clearErrors(path);
  };

  const setErrors = (next: FieldErrors) => {
    const formError = form.getFieldState(FORM_ERROR as Path<V>).error;
    form.clearErrors();
    for (const [path, message] of Object.entries(next)) form.setError(path as Path<V>, { type: "custom", message });
    if (formError) form.setError(FORM_ERROR as Path<V>, formError);
  };

  // The field of the first error, or the first field inside it (a list item, a group).
  const focusFirst = (fieldErrors: FieldErrors) => {
    for (const path of Object.keys(fieldErrors)) {
      const id = fieldId(path);
      const prefix = `${id.replace(/["\\]/g, "\\$&")}-`;
      const element = document.getElementById(id) ??
        document.querySelector<HTMLElement>(["input", "select", "textarea"].map((tag) => `${tag}[id^="${prefix}"]`).join(","));
      if (element) {
        element.focus();
        return;
      }
    }
  };

  const failed = (error: unknown) => {
    const fields = error instanceof ApiError ? error.fieldErrors : {};
    const message = error instanceof ApiError ? error.message : SUBMIT_FAILED;
    if (!(error instanceof ApiError)) console.error(error);
    for (const [path, text] of Object.entries(fields)) form.setError(path as Path<V>, { type: "server", message: text });
    // A message already shown beside its field (and focused there) is not repeated above the button.
    if (!Object.values(fields).includes(message)) {
      form.setError(FORM_ERROR as Path<V>, { type: "server", message });
      if (announceFailure) notify?.(message, "error");
    }
    focusFirst(fields);
  };

  const handleSubmit = (onValid: (data: T) => void | Promise<void>) => async (event?: FormEvent) => {
    event?.preventDefault();
    if (isSubmitting) return;
    await form.handleSubmit(
      async (data) => {
        try {
          await onValid(data);
        } catch (error) {
          failed(error);
        }
      },
      (invalid) => focusFirst(flattenErrors(invalid)),
    )();
  };

  return {
    values,
    set,
    setValues: (update) => form.setValues(update(form.getValues())),
    reset: (next) => {
      form.clearErrors();
      form.setValues(next);
    },
    errors,
    setErrors,
    formError: nested.root?.server?.message ?? null,
    submitting: isSubmitting,
    fieldId,
    field: (name) => bindField({ values, set, errors, fieldId }, name),
    handleSubmit,
    form,
  };
}
