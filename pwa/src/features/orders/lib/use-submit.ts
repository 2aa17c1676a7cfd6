import { useState } from "react";
import type { z } from "zod";
import { ApiError, errorMessage } from "../../../lib/api/index.ts";

/**
 * A form's submit: checks the input with the shared zod schema (the server's),
 * then runs `action`; field errors from either side land beside the fields,
 * any other failure in `error`.
 */
export function useSubmit() {
  const [fields, setFields] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function submit<S extends z.ZodType, R>(schema: S, input: unknown, action: (value: z.output<S>) => Promise<R>): Promise<R | undefined> {
    setError(null);
    const parsed = schema.safeParse(input);
    if (!parsed.success) {
      const f: Record<string, string> = {};
      for (const issue of parsed.error.issues) f[issue.path.join(".") || "_"] ??= issue.message;
      setFields(f);
      if (f._) setError(f._);
      return undefined;
    }
    setFields({});
    setBusy(true);
    try {
      return await action(parsed.data);
    } catch (e) {
      if (e instanceof ApiError && Object.keys(e.fieldErrors).length) setFields(e.fieldErrors);
      setError(errorMessage(e));
      return undefined;
    } finally {
      setBusy(false);
    }
  }
  return { fields, error, busy, submit };
}
