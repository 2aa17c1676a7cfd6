import type { ReactNode } from "react";
import "../auth.css";

/** A centred card for the pages reached from an email link. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="auth-card card stack" aria-labelledby="auth-card-title">
      <title>{`${title} · DPC Telehealth`}</title>
      <h1 id="auth-card-title">{title}</h1>
      {children}
    </section>
  );
}
