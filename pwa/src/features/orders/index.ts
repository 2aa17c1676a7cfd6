/** Orders (issue 15): the encounter's orders section, `/orders`, `/doctor/erx`. */
export { EncounterOrders, type OrdersRole } from "./components/EncounterOrders.tsx";
export { OrdersPage } from "./pages/OrdersPage.tsx";
export { ErxPage } from "./pages/ErxPage.tsx";
