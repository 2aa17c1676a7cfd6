import "./messages.css";

export { MessagesPage } from "./pages/MessagesPage.tsx";
export { MessageLink } from "./components/MessageLink.tsx";
