import { Link } from "react-router";
import { homePath } from "../../../sync/rules/home-path.ts";
import { useSession } from "../features/auth/hooks/use-session.ts";

/** Any path that is not a route (01 §2); the server answers such paths with 404. */
export function NotFoundPage() {
  const { user } = useSession();
  return (
    <section className="stack" aria-labelledby="not-found-title">
      <title>Page not found</title>
      <h1 id="not-found-title">Page not found</h1>
      <p>We could not find the page you were looking for. It may have moved, or the link may be mistyped.</p>
      <p>
        <Link to={homePath(user)}>{user ? "Go to your home page" : "Go to the home page"}</Link>
      </p>
    </section>
  );
}
