import type { AuthUser } from "../../../sync/schemas/user.ts";

export type NavItem = { to: string; label: string };

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
        { to: "/orders", label: "Orders" },
        { to: "/doctor/erx", label: "E-prescribing" },
        { to: "/doctor/tasks", label: "Tasks" },
        { to: "/doctor/documents", label: "Documents" },
        { to: "/doctor/contacts", label: "Contacts" },
        { to: "/transactions", label: "Transactions" },
        { to: `/calendar/${user.id}`, label: "Calendar" },
      ];
    case "vma":
      return [
        { to: "/messages", label: "Messages" },
        // Consultations live on /home for every role (01 §2 leaves their path open).
        { to: "/home", label: "Consultations" },
        ...(user.doctor ? [{ to: `/calendar/${user.doctor.id}`, label: "Calendar" }] : []),
        { to: "/vma/patients", label: "Patients" },
        { to: "/orders", label: "Orders" },
        { to: "/vma/tasks", label: "Tasks" },
        { to: "/vma/doctors", label: "Doctors" },
        { to: "/vma/documents", label: "Documents" },
        { to: "/vma/contacts", label: "Contacts" },
        { to: "/vma/transactions", label: "Transactions" },
      ];
    case "admin":
      return [
        { to: "/admin", label: "Dashboard" },
        { to: "/admin/providers", label: "Providers" },
        { to: "/admin/patients", label: "Patients" },
        { to: "/admin/tasks", label: "Tasks" },
        { to: "/admin/transactions", label: "Transactions" },
        { to: "/admin/packages", label: "Packages" },
        { to: "/admin/promo-codes", label: "Promo codes" },
        { to: "/admin/reviews", label: "Reviews" },
        { to: "/admin/analytics", label: "Analytics" },
        { to: "/admin/documents", label: "Documents" },
        { to: "/admin/contacts", label: "Contacts" },
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
