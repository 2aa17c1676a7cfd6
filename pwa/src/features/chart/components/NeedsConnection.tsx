import { useCurrentUser } from "../../auth/index.ts";

/**
 * Said above a part of the chart shown from the device's copy while there is no network: it reads; the care team's
 * edits need a connection (a patient's record is read-only anyway: only where it comes from is said).
 */
export function DeviceCopyNotice() {
  const patient = useCurrentUser().role === "patient";
  return (
    <p className="muted chart-device-copy" role="note">
      {patient ? "Saved on this device: what your doctor shared, as of your last connection." : "Saved on this device. Editing needs a connection."}
    </p>
  );
}

/** Said in place of a part of the chart that is read from the server while there is no network. */
export function NeedsConnection({ what }: { what: string }) {
  return (
    <div className="ui-panel chart-offline" role="status">
      <p><strong>{what}: needs a connection</strong></p>
      <p className="muted">
        This part of the chart is read from the server and is not kept on this device. It appears as soon as you are back online.
      </p>
    </div>
  );
}
