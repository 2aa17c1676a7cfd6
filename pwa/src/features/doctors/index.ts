import "./doctors.css";

export { DoctorsPage } from "./pages/DoctorsPage.tsx";
export { PublicProfilePage } from "./pages/PublicProfilePage.tsx";
