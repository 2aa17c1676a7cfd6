import type { ComponentType } from "react";
import { Link, useParams } from "react-router";
import { type AgreementName, isAgreementName, PRODUCT_NAME, PUBLIC_PATHS } from "../policies.ts";
import { ManagedAgreementPage } from "../../admin/index.ts";
import { MembershipAgreementPage } from "./MembershipAgreementPage.tsx";
import { PrescriptionPolicyPage } from "./PrescriptionPolicyPage.tsx";
import { PrivacyPolicyPage } from "./PrivacyPolicyPage.tsx";
import { TermsPage } from "./TermsPage.tsx";

const AGREEMENT_PAGES: Readonly<Record<AgreementName, ComponentType>> = {
  terms: TermsPage,
  privacy: PrivacyPolicyPage,
  prescription: PrescriptionPolicyPage,
  membership: MembershipAgreementPage,
};

/**
 * `/agreement/:agreementName`: one of the agreements a user accepts, by its short
 * name. The product's own copy for the built-in ones; admin-managed agreements
 * (title, text, PDF, version) come from the server (features/admin).
 */
export function AgreementPage() {
  const { agreementName = "" } = useParams();
  const notFound = (
    <article className="public-page public-not-found">
      <title>{`Agreement not found · ${PRODUCT_NAME}`}</title>
      <h1>Agreement not found</h1>
      <p>There is no agreement at this address.</p>
      <p>
        <Link to={PUBLIC_PATHS.home}>Go to the home page</Link>
      </p>
    </article>
  );
  const Page = isAgreementName(agreementName) ? AGREEMENT_PAGES[agreementName] : null;
  return <ManagedAgreementPage key={agreementName} name={agreementName} builtIn={Page ? <Page /> : undefined} notFound={notFound} />;
}
