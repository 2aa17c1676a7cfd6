export { FillProfilePage } from "./pages/FillProfilePage.tsx";
