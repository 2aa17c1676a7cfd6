import { useSession } from "../../auth/index.ts";
import { JoinMembershipDialog } from "./JoinMembershipDialog.tsx";

/**
 * The upgrade dialog of 01 §8: a 402 "Subscription required" names the doctor
 * whose membership is needed (`details.doctorId`, edge/src/domains/memberships/requirement.ts);
 * the patient joins that doctor's practice here without leaving the screen.
 */
export function UpgradeMembershipDialog(
  { doctorId, onClose }: { doctorId: string; onClose: () => void },
) {
  const { user } = useSession();
  const doctor = user?.doctor?.id === doctorId ? user.doctor : null;
  return (
    <JoinMembershipDialog
      open
      doctorId={doctorId}
      doctorName={doctor ? `Dr. ${doctor.firstName} ${doctor.lastName}` : undefined}
      intro="This needs an active membership with this doctor. Choose a plan to continue; you can cancel at any time."
      onClose={onClose}
    />
  );
}

/** The doctor a 402 "Subscription required" names, when it names one. */
export function doctorOfSubscriptionRequired(
  details: Record<string, unknown> | undefined,
): string | null {
  const id = details?.doctorId;
  return typeof id === "string" && /^[0-9a-f-]{36}$/i.test(id) ? id : null;
}
