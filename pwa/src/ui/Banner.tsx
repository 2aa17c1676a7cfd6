import type { ReactNode } from "react";

type BannerProps = {
  children: ReactNode;
  tone?: "info" | "warning";
  /** `status` for news (a new version), `alert` for trouble (offline). */
  role?: "status" | "alert";
};

/** A full-width strip under the header for app-wide news. */
export function Banner({ children, tone = "info", role = "status" }: BannerProps) {
  return (
    <div className={tone === "warning" ? "ui-banner ui-banner--warning" : "ui-banner"} role={role}>
      {children}
    </div>
  );
}
