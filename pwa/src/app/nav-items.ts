import type { AuthUser } from "../../../sync/schemas/user.ts";

/** `more`: under the "More" menu at tablet and desktop widths (the bar fits in one row); listed in full on a phone. */
export type NavItem = { to: string; label: string; more?: true };

/** The main navigation for each role; guests see the public pages. */
export function navItemsFor(user: (Pick<AuthUser, "id" | "role"> & { doctor?: AuthUser["doctor"] }) | null): NavItem[] {
  if (!user) {
    return [
      { to: "/how-it-works", label: "How it works" },
      { to: "/doctors", label: "Doctors" },
      { to: "/conditions-treated", label: "Conditions" },
      { to: "/faq", label: "FAQ" },
    ];
  }
  switch (user.role) {
    case "patient":
      return [
        { to: "/home", label: "Home" },
        { to: "/messages", label: "Messages" },
        { to: "/health-record", label: "Health record" },
        { to: "/doctors", label: "Doctors" },
        { to: "/orders", label: "Orders" },
      ];
    case "doctor":
      return [
        { to: "/home", label: "Home" },
        { to: "/messages", label: "Messages" },
        { to: "/doctor/patients", label: "Patients" },
        { to: `/calendar/${user.id}`, label: "Calendar" },
        { to: "/doctor/tasks", label: "Tasks" },
        { to: "/orders", label: "Orders", more: true },
        { to: "/doctor/erx", label: "E-prescribing", more: true },
        { to: "/doctor/documents", label: "Documents", more: true },
        { to: "/doctor/contacts", label: "Contacts", more: true },
        { to: "/transactions", label: "Transactions", more: true },
      ];
    case "vma":
      return [
        { to: "/messages", label: "Messages" },
        // Consultations live on /home for every role (01 §2 leaves their path open).
        { to: "/home", label: "Consultations" },
        ...(user.doctor ? [{ to: `/calendar/${user.doctor.id}`, label: "Calendar" }] : []),
        { to: "/vma/patients", label: "Patients" },
        { to: "/vma/tasks", label: "Tasks" },
        { to: "/orders", label: "Orders", more: true },
        { to: "/vma/doctors", label: "Doctors", more: true },
        { to: "/vma/documents", label: "Documents", more: true },
        { to: "/vma/contacts", label: "Contacts", more: true },
        { to: "/vma/transactions", label: "Transactions", more: true },
      ];
    case "admin":
      return [
        { to: "/admin", label: "Dashboard" },
        { to: "/admin/providers", label: "Providers" },
        { to: "/admin/patients", label: "Patients" },
        { to: "/admin/transactions", label: "Transactions" },
        { to: "/reports", label: "Reports" },
        { to: "/admin/tasks", label: "Tasks", more: true },
        { to: "/admin/packages", label: "Packages", more: true },
        { to: "/admin/promo-codes", label: "Promo codes", more: true },
        { to: "/admin/reviews", label: "Reviews", more: true },
        { to: "/admin/analytics", label: "Analytics", more: true },
        { to: "/admin/messages", label: "Contact us", more: true },
        { to: "/admin/documents", label: "Documents", more: true },
        { to: "/admin/contacts", label: "Contacts", more: true },
      ];
  }
}

export const FOOTER_LINKS: NavItem[] = [
  { to: "/terms-and-conditions", label: "Terms and conditions" },
  { to: "/privacy-policy", label: "Privacy policy" },
  { to: "/prescription-policy", label: "Prescription policy" },
  { to: "/membership-agreement", label: "Membership agreement" },
  { to: "/conditions-treated", label: "Conditions treated" },
  { to: "/how-it-works", label: "How it works" },
  { to: "/faq", label: "FAQ" },
  { to: "/about-us", label: "About us" },
  { to: "/contact-us", label: "Contact us" },
];
