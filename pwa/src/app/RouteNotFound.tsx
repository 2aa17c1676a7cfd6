import { useSession } from "../features/auth/index.ts";
import { NotFoundPage } from "../ui/index.ts";

/** Any path that is not a route (01 §2): the not-found page, with the way home for whoever is signed in. */
export function RouteNotFound() {
  const { user } = useSession();
  return <NotFoundPage user={user} />;
}
