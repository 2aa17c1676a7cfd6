import type { ButtonHTMLAttributes, ReactNode } from "react";
import { Spinner } from "./Spinner.tsx";

export type ButtonVariant = "primary" | "secondary" | "text" | "danger";

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: ButtonVariant;
  /** Shows a small spinner, disables the button and tells assistive tech it is busy. */
  loading?: boolean;
  block?: boolean;
  children: ReactNode;
};

/** The one button of the app; `type` defaults to "button" so forms never submit by accident. */
export function Button(
  { variant = "primary", loading = false, block = false, type = "button", className, disabled, children, ...rest }:
    ButtonProps,
) {
  const classes = ["ui-button", `ui-button--${variant}`, block ? "ui-button--block" : "", className ?? ""]
    .filter(Boolean)
    .join(" ");
  return (
    <button
      {...rest}
      type={type}
      className={classes}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
    >
      {loading && <Spinner size={16} label="" />}
      {children}
    </button>
  );
}
