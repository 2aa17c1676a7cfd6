/**
 * `/settings/{userId}` (01 §2, a route for any signed-in user). What it shows is
 * a decision recorded in pwa/docs/settings.md:
 * - one's own id: the normal settings;
 * - an admin: that user's account as admins manage it (block, email, sign in as);
 * - a doctor: their own VMA's account (password link, detach);
 * - anyone else, or an id they may not manage: the not-found page, the same
 *   whether or not the user exists.
 */
import { Navigate, useParams } from "react-router";
import { useCurrentUser } from "../../auth/index.ts";
import { UserAccountSettings } from "../../admin/index.ts";
import { VmaAccountSettings } from "../../team/index.ts";
import { NotFoundPage } from "../../../ui/index.ts";

export function UserSettingsPage() {
  const user = useCurrentUser();
  const { userId = "" } = useParams();
  if (userId === user.id) return <Navigate to="/settings" replace />;
  const notFound = <NotFoundPage user={user} />;
  if (user.role === "admin") return <UserAccountSettings key={userId} userId={userId} notFound={notFound} />;
  if (user.role === "doctor") return <VmaAccountSettings key={userId} vmaId={userId} notFound={notFound} />;
  return notFound;
}
