export { MembershipOptionsSettings } from "./MembershipOptionsSettings.tsx";
export { PatientMembershipsSettings } from "./PatientMembershipsSettings.tsx";
