import { Link } from "react-router";
import { FOOTER_LINKS } from "../nav-items.ts";

export function Footer() {
  return (
    <footer className="app-footer">
      <nav aria-label="Policies and information">
        <ul className="app-footer__links">
          {FOOTER_LINKS.map((link) => <li key={link.to}><Link to={link.to}>{link.label}</Link></li>)}
        </ul>
      </nav>
      <p className="muted">
        © {new Date().getFullYear()} DPC Telehealth. For adults 18 and older. In an emergency call 911.
      </p>
    </footer>
  );
}
