export { PayoutConnectedPage } from "./pages/PayoutConnectedPage.tsx";
export { PayoutConnectPage } from "./pages/PayoutConnectPage.tsx";
