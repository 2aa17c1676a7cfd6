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
