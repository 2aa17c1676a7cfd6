import { Link } from "react-router";
import { useDashboard, money } from "../api.ts";
import { QueryState } from "../../../ui/index.ts";

type Figure = { label: string; value: string; to: string };

/** `/admin`: the practice at a glance; each figure links to its list. */
export function AdminDashboardPage() {
  const dashboard = useDashboard();
  const f = dashboard.data;
  const figures: Figure[] = f
    ? [
      { label: "Pending applications", value: String(f.pendingApplications), to: "/admin/providers?status=initial" },
      { label: "New patients this week", value: String(f.newPatientsThisWeek), to: "/admin/patients?role=patient" },
      { label: "New doctors this week", value: String(f.newDoctorsThisWeek), to: "/admin/providers?status=all" },
      { label: "Open contact-us messages", value: String(f.openContactMessages), to: "/admin/messages" },
      { label: "Credentialing due (30 days)", value: String(f.credentialingDue), to: "/admin/providers?status=approved" },
      ...(f.openAdminTasks === null ? [] : [{ label: "Open admin tasks", value: String(f.openAdminTasks), to: "/admin/tasks" }]),
      ...(f.commerce
        ? [
          { label: "Active memberships", value: String(f.commerce.activeMemberships), to: "/admin/transactions" },
          { label: "Revenue this month", value: money(f.commerce.revenueThisMonthCents), to: "/admin/transactions" },
          { label: "Platform fees this month", value: money(f.commerce.feesThisMonthCents), to: "/admin/transactions" },
        ]
        : []),
    ]
    : [];

  return (
    <div className="stack">
      <title>Admin dashboard · DPC Telehealth</title>
      <h1>Dashboard</h1>
      <section aria-labelledby="figures-title" className="stack" aria-busy={dashboard.isFetching}>
        <h2 id="figures-title" className="visually-hidden">Figures</h2>
        <QueryState label="figures" isPending={dashboard.isPending} error={dashboard.error} refetch={() => void dashboard.refetch()}
          empty={false} emptyTitle="">
          <ul className="admin-figures">
            {figures.map((figure) => (
              <li key={figure.label}>
                <Link className="admin-figure" to={figure.to}>
                  <span className="admin-figure__value">{figure.value}</span>
                  <span>{figure.label}</span>
                </Link>
              </li>
            ))}
          </ul>
          {f && !f.commerce && (
            <p className="muted">Memberships, revenue and platform fees: no commerce data yet.</p>
          )}
        </QueryState>
      </section>
      <nav aria-label="Administration" className="row">
        <Link to="/admin/analytics">Analytics</Link>
        <Link to="/admin/reviews">Reviews</Link>
        <Link to="/reports">Reports</Link>
        <Link to="/settings#admins">Admin management</Link>
        <Link to="/settings#agreements">Agreements</Link>
      </nav>
    </div>
  );
}
