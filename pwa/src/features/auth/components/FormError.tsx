/**
 * The message for a whole form (usually the server's). It stays visible
 * under the fields; the snackbar is what announces it, so it is not a live
 * region itself (one announcement, not two).
 */
export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return <p className="form-error">{message}</p>;
}
