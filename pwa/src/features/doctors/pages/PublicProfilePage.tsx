import { useQuery } from "@tanstack/react-query";
import { Link, Navigate, useParams, useSearchParams } from "react-router";
import { US_STATES, type UsState } from "../../../../../sync/us-states.ts";
import { isLicensedIn, notLicensedMessage } from "../../../../../sync/rules/licensing.ts";
import { useApi, useAppDeps } from "../../../lib/app-deps.tsx";
import { Button, LoadError, Spinner } from "../../../ui/index.ts";
import { openAuthDialog, useSession } from "../../auth/index.ts";
import { BookConsultation } from "../../consultations/index.ts";
import { ReviewDoctorSection } from "../../admin/index.ts";
import { JoinMembershipDialog, MembershipOptionsSection } from "../../payments/index.ts";
import { DoctorServicesSection } from "../../commerce/index.ts";
import { useDoctorCard } from "../hooks/use-doctors.ts";
import { doctorKeys } from "../keys.ts";
import { DoctorReviews } from "../components/DoctorReviews.tsx";
import { ratingText } from "../lib/doctor-filter.ts";

/**
 * `/profile/{userId}`: what anyone may see of a doctor (`GET /users/{id}`), and
 * for a listed doctor (`GET /doctors/{id}`) the rating and "Book a consultation":
 * a patient books here (`?book=1`), a guest is asked to sign in first; the
 * membership options and the doctor's paid services (requested on `/orders`).
 */
export function PublicProfilePage() {
  const { userId = "" } = useParams();
  const [params, setParams] = useSearchParams();
  const { user } = useSession();
  const api = useApi();
  const { session } = useAppDeps();
  const profile = useQuery({
    queryKey: doctorKeys.profile(userId),
    queryFn: ({ signal }) => api.GET("/users/{id}", { path: { id: userId }, signal }),
  });
  const card = useDoctorCard(userId);
  if (user && user.id === userId) return <Navigate to="/profile" replace />;
  if (profile.isPending) return <Spinner label="Loading the profile" />;
  if (profile.error || !profile.data) {
    return (
      <section className="stack" aria-labelledby="profile-missing">
        <title>Profile not found · DPC Telehealth</title>
        <h1 id="profile-missing">Profile not available</h1>
        <LoadError error={profile.isError ? profile.error : "This profile could not be found."} onRetry={() => void profile.refetch()} />
      </section>
    );
  }
  const doctor = profile.data;
  const listed = card.data ?? null;
  const name = `Dr. ${doctor.firstName} ${doctor.lastName}`;
  const booking = params.get("book") === "1" && user?.role === "patient" && listed?.acceptsBookings;
  const setBooking = (open: boolean) => {
    const next = new URLSearchParams(params);
    if (open) next.set("book", "1");
    else next.delete("book");
    setParams(next);
  };
  // 01 §5: a patient joins or pays only a doctor licensed in their own state (the server refuses the rest).
  const notLicensed = user?.role === "patient" && !isLicensedIn(doctor.licensedStates ?? [], user.state);
  // `?join=1` (or a plan id): the join flow is open; a guest signs in first and comes back here with it open.
  const joining = params.get("join");
  const setJoining = (planId: string | null) => {
    const next = new URLSearchParams(params);
    if (planId !== null) next.set("join", planId);
    else next.delete("join");
    setParams(next);
  };
  const join = (planId: string | null) => {
    if (user) return setJoining(planId ?? "1");
    session.setRememberedPath(`/profile/${doctor.id}?join=${planId ?? "1"}`);
    openAuthDialog("login");
  };
  const book = () => {
    if (user) return setBooking(true);
    // After signing in, come back here with the booking open.
    session.setRememberedPath(`/profile/${doctor.id}?book=1`);
    openAuthDialog("login");
  };

  return (
    <article className="stack" aria-labelledby="public-profile-name">
      <title>{`${name} · DPC Telehealth`}</title>
      <div className="profile-header">
        <div>
          <h1 id="public-profile-name">{name}</h1>
          {doctor.specialty && <p className="muted">{doctor.specialty}</p>}
        </div>
        {listed && !booking && (!user || user.role === "patient") && (
          <div className="stack" style={{ gap: "var(--space-1)" }}>
            <Button onClick={book} disabled={!listed.acceptsBookings} aria-describedby={listed.acceptsBookings ? undefined : "book-unavailable"}>
              Book a consultation
            </Button>
            {!listed.acceptsBookings && (
              <span id="book-unavailable" className="muted">{name} is not taking bookings at the moment.</span>
            )}
            {!user && <span className="muted">Sign in as a patient to book.</span>}
          </div>
        )}
      </div>
      {doctor.bio && <p>{doctor.bio}</p>}
      <dl className="profile-facts">
        {listed && (
          <>
            <dt>Rating</dt>
            <dd>{ratingText(listed.rating)}</dd>
          </>
        )}
        {doctor.licensedStates?.length > 0 && (
          <>
            <dt>Licensed in</dt>
            <dd>{doctor.licensedStates.map((code) => US_STATES[code as UsState] ?? code).join(", ")}</dd>
          </>
        )}
        {doctor.timezone && (
          <>
            <dt>Timezone</dt>
            <dd>{doctor.timezone.replaceAll("_", " ")}</dd>
          </>
        )}
        {listed && !listed.acceptsNewPatients && (
          <>
            <dt>Practice</dt>
            <dd>Full: not taking new patients</dd>
          </>
        )}
      </dl>
      {notLicensed && user && (
        <div className="notice notice--warning" role="note">
          <p>{notLicensedMessage(name, doctor.licensedStates, user.state)} A doctor may treat only patients in the states where they are licensed.</p>
          {user.state
            ? <Link to={`/doctors?state=${user.state}`}>Doctors licensed in {US_STATES[user.state as UsState] ?? user.state}</Link>
            : <Link to="/profile/edit">Add your state</Link>}
        </div>
      )}
      {listed && (
        <MembershipOptionsSection
          doctorId={doctor.id}
          doctorName={name}
          guest={!user}
          patient={user?.role === "patient"}
          onJoin={!user || (user.role === "patient" && !notLicensed) ? join : undefined}
        />
      )}
      {listed && <DoctorServicesSection doctorId={doctor.id} doctorName={name} />}
      {user?.role === "patient" && listed && (
        <JoinMembershipDialog
          open={!!joining}
          doctorId={doctor.id}
          doctorName={name}
          initialPlanId={joining && joining !== "1" ? joining : null}
          onClose={() => setJoining(null)}
        />
      )}
      {listed && <DoctorReviews key={listed.rating ?? "none"} doctorId={doctor.id} rating={listed.rating} />}
      {user?.role === "patient" && <ReviewDoctorSection doctorId={doctor.id} doctorName={name} onReviewed={() => void card.refetch()} />}
      {booking && user && listed && <BookConsultation doctor={listed} patient={user} onClose={() => setBooking(false)} />}
    </article>
  );
}
