/** Default spinner size in pixels (01 §9). */
export const SPINNER_DEFAULT_SIZE = 60;

type SpinnerProps = {
  size?: number;
  /** Announced to assistive tech; pass "" when the surrounding control already says it is busy. */
  label?: string;
};

export function Spinner({ size = SPINNER_DEFAULT_SIZE, label = "Loading" }: SpinnerProps) {
  const border = Math.max(2, Math.round(size / 12));
  const style = { width: size, height: size, borderWidth: border };
  if (!label) return <span className="ui-spinner" style={style} aria-hidden="true" />;
  return (
    <span role="status" className="ui-spinner-wrap">
      <span className="ui-spinner" style={style} aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </span>
  );
}
