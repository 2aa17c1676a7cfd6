import { Navigate, useParams } from "react-router";
import { ComingSoon } from "../../../ui/index.ts";
import { useCurrentUser } from "../../auth/index.ts";

/** `/settings/{userId}`: one's own id shows the normal settings; others' settings are for a later issue. */
export function UserSettingsPage() {
  const user = useCurrentUser();
  const { userId } = useParams();
  if (userId === user.id) return <Navigate to="/settings" replace />;
  return (
    <ComingSoon
      title="User settings"
      description="Administrators and doctors will manage another user's settings here."
    />
  );
}
