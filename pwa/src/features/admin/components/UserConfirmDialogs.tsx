/** The confirmations of an admin's actions on a user (the users list and a user's settings say the same). */
import { errorMessage } from "../../../lib/api/api-error.ts";
import { ConfirmDialog } from "../../../ui/index.ts";

export function BlockUserDialog({ name, blocked, onConfirm, onClose }: {
  name: string;
  /** Whether the user is blocked now (the dialog then unblocks). */
  blocked: boolean;
  onConfirm: () => Promise<void>;
  onClose: () => void;
}) {
  return (
    <ConfirmDialog
      title={blocked ? `Unblock ${name}?` : `Block ${name}?`}
      summary={blocked ? "They can sign in again." : "They are signed out on every device and cannot sign in until unblocked."}
      confirmLabel={blocked ? "Unblock" : "Block"}
      danger={!blocked}
      onConfirm={onConfirm}
      onClose={onClose}
      describeFailure={errorMessage}
    />
  );
}

export function SignInAsDialog({ name, onConfirm, onClose }: { name: string; onConfirm: () => Promise<void>; onClose: () => void }) {
  return (
    <ConfirmDialog
      title={`Sign in as ${name}?`}
      summary={`You leave your own session and see the app as ${name} does. The audit log records it; sign out to come back.`}
      confirmLabel={`Sign in as ${name}`}
      onConfirm={onConfirm}
      onClose={onClose}
      describeFailure={errorMessage}
    />
  );
}
