import type { ReactNode } from "react";
import { PRODUCT_NAME } from "../policies.ts";
import { InfoLinks } from "./InfoLinks.tsx";

export type PolicySection = {
  /** Anchor id, unique within the page. */
  id: string;
  title: string;
  body: ReactNode;
};

type PolicyLayoutProps = {
  title: string;
  /** Shown as "Effective …" under the title when the policy has a date. */
  effectiveDate?: string;
  intro?: ReactNode;
  sections: readonly PolicySection[];
};

/**
 * The frame shared by every policy and information page: a title, an
 * optional effective date, a table of contents and one section per entry.
 */
export function PolicyLayout({ title, effectiveDate, intro, sections }: PolicyLayoutProps) {
  const tocId = `${slug(title)}-toc`;
  const hasToc = sections.length > 1;
  return (
    <article className="public-page public-policy">
      <title>{`${title} · ${PRODUCT_NAME}`}</title>
      <header className="public-policy__header">
        <h1>{title}</h1>
        {effectiveDate && (
          <p className="public-policy__date">
            Effective <time dateTime={isoDate(effectiveDate)}>{effectiveDate}</time>
          </p>
        )}
        {intro && <div className="public-policy__intro">{intro}</div>}
      </header>
      <div className={hasToc ? "public-policy__body public-policy__body--toc" : "public-policy__body"}>
        {hasToc && (
          <nav className="public-toc" aria-labelledby={tocId}>
            <h2 id={tocId} className="public-toc__title">Contents</h2>
            <ol>
              {sections.map((section) => (
                <li key={section.id}>
                  <a href={`#${section.id}`}>{section.title}</a>
                </li>
              ))}
            </ol>
          </nav>
        )}
        <div className="public-policy__sections">
          {sections.map((section) => (
            <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`}>
              <h2 id={`${section.id}-title`}>{section.title}</h2>
              {section.body}
            </section>
          ))}
        </div>
      </div>
      <InfoLinks />
    </article>
  );
}

function slug(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");
}

/** "9/14/2020" → "2020-09-14" for the machine-readable `<time>`. */
function isoDate(usDate: string): string | undefined {
  const match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(usDate);
  if (!match) return undefined;
  const [, month, day, year] = match;
  return `${year}-${month.padStart(2, "0")}-${day.padStart(2, "0")}`;
}
