import { IMAGING_REFERRAL, usd } from "../policies.ts";

/** Imaging referral fees and their time limits. */
export function ImagingFeeTable() {
  return (
    <div className="public-table-wrap">
      <table className="public-table">
        <caption>Imaging referral fees</caption>
        <thead>
          <tr>
            <th scope="col">Referral</th>
            <th scope="col">Fee</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <th scope="row">First referral, including {IMAGING_REFERRAL.includedAccess} of access</th>
            <td>{usd(IMAGING_REFERRAL.firstFee)}</td>
          </tr>
          <tr>
            <th scope="row">Each additional request within that month (up to {IMAGING_REFERRAL.maxAdditional} more)</th>
            <td>{usd(IMAGING_REFERRAL.additionalFee)}</td>
          </tr>
          <tr>
            <th scope="row">Each referral for a member of a practice (the membership already gives access)</th>
            <td>{usd(IMAGING_REFERRAL.memberFee)}</td>
          </tr>
        </tbody>
        <tfoot>
          <tr>
            <td colSpan={2}>
              Allow {IMAGING_REFERRAL.processingBusinessDays} business days for a referral to be prepared. The
              imaging test must be completed within {IMAGING_REFERRAL.completionDays} days after the referral is
              sent.
            </td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
