import "./theme.css";
import "./components.css";

export { Banner } from "./Banner.tsx";
export { Button, type ButtonProps } from "./Button.tsx";
export { Checkbox } from "./Checkbox.tsx";
export { ConfirmDialog, type ConfirmDialogProps } from "./ConfirmDialog.tsx";
export { Dialog } from "./Dialog.tsx";
export { EmptyState } from "./EmptyState.tsx";
export { FullScreenLoader } from "./FullScreenLoader.tsx";
export { NotFoundPage } from "./NotFoundPage.tsx";
export { firstMatches, MoreMatches } from "./MoreMatches.tsx";
export { Pager, resultLine, useOffsetInRange } from "./Pager.tsx";
export { PendingMark, pendingLabel } from "./PendingMark.tsx";
export { Select, type SelectOption } from "./Select.tsx";
export { type Notify, SnackbarProvider, useOptionalSnackbar, useSnackbar } from "./Snackbar.tsx";
export { Spinner, SPINNER_DEFAULT_SIZE } from "./Spinner.tsx";
export { TextField } from "./TextField.tsx";
export { UpdateBanner } from "./UpdateBanner.tsx";
