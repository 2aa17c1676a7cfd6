/** The error line under a field; `role="alert"` so it is read out when it appears. */
export function FieldMessage({ id, error }: { id: string; error?: string }) {
  if (!error) return null;
  return (
    <p id={id} className="ui-field__error" role="alert">
      {error}
    </p>
  );
}

/** aria-describedby for a field with an optional hint and error. */
export function describedBy(ids: { hintId?: string; errorId?: string }): string | undefined {
  const list = [ids.hintId, ids.errorId].filter(Boolean);
  return list.length ? list.join(" ") : undefined;
}
