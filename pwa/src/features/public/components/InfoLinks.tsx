import { Link } from "react-router";
import { INFO_LINKS } from "../policies.ts";

/** Links to the other information pages, shown at the foot of each page. */
export function InfoLinks({ title = "More information" }: { title?: string }) {
  return (
    <nav className="public-links" aria-label={title}>
      <h2 className="public-links__title">{title}</h2>
      <ul>
        {INFO_LINKS.map((link) => (
          <li key={link.to}>
            <Link to={link.to}>{link.label}</Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
