export { PlansSection } from "./PlansSection.tsx";
