import "./messages.css";

export { MessagesPage } from "./pages/MessagesPage.tsx";
export { MessageDoctorLink } from "./components/MessageDoctorLink.tsx";
