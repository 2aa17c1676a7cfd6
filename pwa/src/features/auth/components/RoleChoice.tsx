type Role = "patient" | "doctor";

/** "I am a patient / a doctor": a radio group styled as a segmented control. */
export function RoleChoice({ value, onChange }: { value: Role; onChange: (role: Role) => void }) {
  const option = (role: Role, label: string) => (
    <label>
      <input
        type="radio"
        name="register-role"
        value={role}
        checked={value === role}
        onChange={() => onChange(role)}
      />
      {label}
    </label>
  );
  return (
    <fieldset className="ui-fieldset" style={{ border: "none", padding: 0 }}>
      <legend>I am joining as</legend>
      <div className="ui-segmented">
        {option("patient", "A patient")}
        {option("doctor", "A doctor")}
      </div>
    </fieldset>
  );
}
