import { PRESCRIPTION_MAXIMUMS } from "../policies.ts";

/** The longest supply a doctor may prescribe under each plan. */
export function PrescriptionTable() {
  return (
    <div className="public-table-wrap">
      <table className="public-table">
        <caption>Maximum prescription length by plan</caption>
        <thead>
          <tr>
            <th scope="col">Plan</th>
            <th scope="col">Longest supply per prescription</th>
          </tr>
        </thead>
        <tbody>
          {PRESCRIPTION_MAXIMUMS.map((row) => (
            <tr key={row.plan}>
              <th scope="row">{row.plan}</th>
              <td>
                {row.days} days{row.refills > 0 && `, with up to ${row.refills} refills`}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
