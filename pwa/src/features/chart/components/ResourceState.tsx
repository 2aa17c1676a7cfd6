import type { ReactNode } from "react";
import { Button, Spinner } from "../../../ui/index.ts";
import type { OnlineResource } from "../hooks/use-online-query.ts";
import { DeviceCopyNotice, NeedsConnection } from "./NeedsConnection.tsx";

type Props<T> = {
  resource: OnlineResource<T>;
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
  if (resource.error) {
    return (
      <div className="stack">
        <p className="form-error" role="alert">{resource.error}</p>
        <div><Button variant="secondary" onClick={resource.reload}>Try again</Button></div>
      </div>
    );
  }
  if (resource.data === undefined) return <Spinner size={32} label={`Loading ${label.toLowerCase()}`} />;
  return <>{children(resource.data)}</>;
}
