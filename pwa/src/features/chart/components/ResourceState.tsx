import type { ReactNode } from "react";
import { LoadError, Spinner } from "../../../ui/index.ts";
import type { ServerOrDevice } from "../../sync/index.ts";
import { DeviceCopyNotice, NeedsConnection } from "./NeedsConnection.tsx";

type Props<T> = {
  resource: ServerOrDevice<T>;
  /** What is loaded, for the spinner and the offline notice ("Vitals"). */
  label: string;
  children: (data: T) => ReactNode;
};

/**
 * The states of something read from the server: its content from the device's copy offline (said so), needs a
 * connection, failed (with retry), loading, or its content.
 */
export function ResourceState<T>({ resource, label, children }: Props<T>) {
  if (resource.fromDevice && resource.data !== undefined) {
    return (
      <>
        <DeviceCopyNotice />
        {children(resource.data)}
      </>
    );
  }
  if (resource.offline) return <NeedsConnection what={label} />;
  if (resource.error) return <LoadError error={resource.error} onRetry={resource.reload} />;
  if (resource.data === undefined) return <Spinner size={32} label={`Loading ${label.toLowerCase()}`} />;
  return <>{children(resource.data)}</>;
}
