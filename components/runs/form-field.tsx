import type { ReactNode } from "react";

/** Control look without a width (Tailwind cannot override a width class by order, so callers add one). */
export const controlClasses =
  "block rounded-lg border-0 bg-surface px-3 py-1.5 text-sm text-ink shadow-xs ring-1 ring-inset ring-line placeholder:text-muted/70 focus:ring-2 focus:ring-accent aria-invalid:ring-bad";
export const inputClasses = `${controlClasses} w-full`;

/** A labelled form control with its hint and its validation errors beside it. */
export function FormField({
  name,
  label,
  hint,
  errors,
  children,
}: {
  name: string;
  label: string;
  hint?: ReactNode;
  errors?: readonly string[];
  children: ReactNode;
}) {
  return (
    <div className="space-y-1" data-testid={`field-${name}`}>
      <label htmlFor={name} className="block text-xs font-medium text-ink">
        {label}
      </label>
      {children}
      {errors && errors.length > 0 ? (
        <p id={`${name}-error`} className="text-xs text-bad" data-testid={`field-error-${name}`}>
          {errors.join(" ")}
        </p>
      ) : hint ? (
        <p className="text-xs text-muted">{hint}</p>
      ) : null}
    </div>
  );
}

/** The dataset picker of the launch and sweep forms: every dataset a run can be launched on, the first by default. */
export function DatasetSelect({
  datasets,
  defaultValue,
  errors,
  hint,
}: {
  datasets: readonly { readonly slug: string; readonly label: string }[];
  defaultValue?: string;
  errors?: readonly string[];
  hint?: ReactNode;
}) {
  return (
    <FormField name="dataset" label="Dataset" errors={errors} hint={hint}>
      <select id="dataset" name="dataset" className={inputClasses} defaultValue={defaultValue ?? datasets[0]?.slug ?? "workbench"}>
        {datasets.map((dataset) => (
          <option key={dataset.slug} value={dataset.slug}>
            {dataset.label}
          </option>
        ))}
      </select>
    </FormField>
  );
}

