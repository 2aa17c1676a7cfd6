/**
 * What is loaded on demand from this feature: the shell's pages (routes.tsx) and the landing page's homepage
 * services, fetched after that page. A dynamic entry of its own, importing the files themselves, so that another
 * feature's static import of index.ts shares no chunk with these (issue 19: the home page's import of one notice
 * from the account barrel fetched every settings page).
 */
export { TransactionsPage } from "./pages/TransactionsPage.tsx";
export { PromoCodesPage } from "./pages/PromoCodesPage.tsx";
export { PackagesPage } from "./pages/PackagesPage.tsx";
export { HomeServicesSection } from "./components/OfferedServices.tsx";
