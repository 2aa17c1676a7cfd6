import { Link } from "react-router";
import { homePath, type HomeUser } from "../../../sync/rules/home-path.ts";

/** Any path that is not a route (01 §2), or a record the viewer may not see; the server answers such paths with 404. */
export function NotFoundPage({ user }: { user: HomeUser }) {
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
