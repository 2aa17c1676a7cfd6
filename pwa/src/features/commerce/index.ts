export { ServicesSection } from "./pages/OrdersPage.tsx";
export { BalancePanel } from "./components/BalancePanel.tsx";
export { DoctorServicesSettings } from "./components/DoctorServicesSettings.tsx";
export { DoctorServicesSection, HomeServicesSection, serviceRequestPath } from "./components/OfferedServices.tsx";
export { ServiceList, servicePriceText } from "./components/ServiceList.tsx";
