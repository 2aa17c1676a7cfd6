import "./messages.css";

export { MessagesPage } from "./pages/MessagesPage.tsx";
