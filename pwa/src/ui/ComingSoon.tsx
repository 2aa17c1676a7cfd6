import type { ReactNode } from "react";

type ComingSoonProps = {
  /** The page or section heading; also the document title when `asPage`. */
  title: string;
  /** What the section will do, so the person knows they are in the right place. */
  description?: ReactNode;
  /** Render as a whole page (h1 + title) rather than a section (h2). */
  asPage?: boolean;
};

/** A section that exists in the navigation but is not built yet: never a blank page. */
export function ComingSoon({ title, description, asPage = true }: ComingSoonProps) {
  const Heading = asPage ? "h1" : "h2";
  return (
    <section className="stack" aria-labelledby={`coming-soon-${slug(title)}`}>
      {asPage && <title>{`${title} · DPC Telehealth`}</title>}
      <Heading id={`coming-soon-${slug(title)}`}>{title}</Heading>
      <div className="ui-panel">
        <div className="ui-panel__icon" aria-hidden="true">🛠️</div>
        <p><strong>This section is coming soon</strong></p>
        <p className="muted">
          {description ?? "We are still building this part of the service. Everything else keeps working in the meantime."}
        </p>
      </div>
    </section>
  );
}

function slug(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, "-");
}
