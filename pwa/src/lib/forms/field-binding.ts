/** What a `TextField` or `Select` takes to show and change one value of a form. */
export type FieldBinding<T> = { id: string; value: T; onChange: (value: T) => void; error: string | undefined };

/** The part of a form (`useForm`'s controller, or the props handed to a group of fields) a field binds to. */
export type BindableForm<V, K extends keyof V> = {
  values: V;
  set: (name: K, value: V[K]) => void;
  errors: Record<string, string | undefined>;
  fieldId: (name: string) => string;
};

/** Binds a field to the value `name`: its id (so a failed submit can focus it), value, change handler and error. */
export function bindField<V, K extends keyof V & string>(form: BindableForm<V, K>, name: K): FieldBinding<V[K]> {
  return { id: form.fieldId(name), value: form.values[name], onChange: (value) => form.set(name, value), error: form.errors[name] };
}
