import { Navigate, useParams } from "react-router";
import type { PublicDoctorProfile } from "../../../../../sync/schemas/user.ts";
import { US_STATES, type UsState } from "../../../../../sync/us-states.ts";
import { useApi } from "../../../lib/app-deps.tsx";
import { useLoad } from "../../../lib/use-load.ts";
import { Button, Spinner } from "../../../ui/index.ts";
import { useSession } from "../../auth/index.ts";

/** `/profile/{userId}`: what anyone may see of a doctor (`GET /users/{id}`). */
export function PublicProfilePage() {
  const { userId = "" } = useParams();
  const { user } = useSession();
  const api = useApi();
  const profile = useLoad(
    (signal) => api.get<PublicDoctorProfile>(`/users/${encodeURIComponent(userId)}`, { signal }),
    [api, userId],
  );
  if (user && user.id === userId) return <Navigate to="/profile" replace />;
  if (profile.loading) return <Spinner label="Loading the profile" />;
  if (profile.error || !profile.data) {
    return (
      <section className="stack" aria-labelledby="profile-missing">
        <title>Profile not found · DPC Telehealth</title>
        <h1 id="profile-missing">Profile not available</h1>
        <p role="alert">{profile.error ?? "This profile could not be found."}</p>
        <div><Button variant="secondary" onClick={profile.reload}>Try again</Button></div>
      </section>
    );
  }
  const doctor = profile.data;
  const name = `Dr. ${doctor.firstName} ${doctor.lastName}`;
  return (
    <article className="stack" aria-labelledby="public-profile-name">
      <title>{`${name} · DPC Telehealth`}</title>
      <h1 id="public-profile-name">{name}</h1>
      {doctor.specialty && <p className="muted">{doctor.specialty}</p>}
      {doctor.bio && <p>{doctor.bio}</p>}
      {doctor.licensedStates?.length > 0 && (
        <p>
          Licensed in: {doctor.licensedStates.map((code) => US_STATES[code as UsState] ?? code).join(", ")}
        </p>
      )}
    </article>
  );
}
