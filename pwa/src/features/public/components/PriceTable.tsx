import {
  BILLING_PERIODS,
  CARE_LEVELS,
  joinList,
  MEMBERSHIP_FEES,
  ONE_WEEK_ACCESS_FEE,
  usd,
  WELCOME_PACKAGE,
} from "../policies.ts";

type PriceTableProps = {
  caption?: string;
};

/**
 * Membership fees by care level and billing period, with the monthly
 * equivalent of the longer periods so the saving is visible.
 */
export function PriceTable({ caption = "Membership fees" }: PriceTableProps) {
  return (
    <div className="public-table-wrap">
      <table className="public-table public-price-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Membership</th>
            {BILLING_PERIODS.map((period) => <th key={period.key} scope="col">{period.label}</th>)}
          </tr>
        </thead>
        <tbody>
          {CARE_LEVELS.map((level) => (
            <tr key={level.key}>
              <th scope="row">{level.label}</th>
              {BILLING_PERIODS.map((period) => {
                const fee = MEMBERSHIP_FEES[level.key][period.key];
                return (
                  <td key={period.key}>
                    <span className="public-price">{usd(fee)}</span>
                    {period.months > 1 && (
                      <span className="public-price__per-month">
                        {usd(Math.round(fee / period.months))} a month
                      </span>
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <td colSpan={BILLING_PERIODS.length + 1}>
              Not ready to commit? One week of access costs {usd(ONE_WEEK_ACCESS_FEE)}, paid once.
              3-month and annual memberships include a welcome package: a {joinList(WELCOME_PACKAGE.items)}.
            </td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
