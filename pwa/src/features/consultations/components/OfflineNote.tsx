/** Said wherever a screen shows the device's copy because the server cannot be reached. */
export function OfflineNote({ detail }: { detail?: string }) {
  return (
    <p className="notice notice--warning" role="status">
      <strong>Offline — showing saved data.</strong> {detail ?? "Changes need a connection; this updates when you are back online."}
    </p>
  );
}
