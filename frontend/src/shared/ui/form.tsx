/**
 * Form building blocks: a labelled field with its error (announced to screen readers), a form-level
 * message, and a submit button that shows the saving state and is disabled while sending.
 */
import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import styles from './form.module.css';

interface FieldShellProps {
  label: string;
  error?: string;
  hint?: ReactNode;
  children: (props: { id: string; 'aria-invalid': boolean; 'aria-describedby'?: string }) => ReactNode;
}

function FieldShell({ label, error, hint, children }: FieldShellProps) {
  const id = useId();
  const describedBy = [error && `${id}-error`, hint && `${id}-hint`].filter(Boolean).join(' ') || undefined;
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': describedBy })}
      {hint && (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}

type FieldProps<T> = Omit<T, 'id'> & { label: string; error?: string; hint?: ReactNode };

export function TextField({ label, error, hint, ...input }: FieldProps<InputHTMLAttributes<HTMLInputElement>>) {
  return (
    <FieldShell label={label} error={error} hint={hint}>
      {(a11y) => <input className={styles.input} {...input} {...a11y} />}
    </FieldShell>
  );
}

/** A yes/no field: a box with its label beside it, and its error. */
export function CheckboxField({
  label,
  error,
  checked,
  onChange,
  ...input
}: Omit<FieldProps<InputHTMLAttributes<HTMLInputElement>>, 'hint' | 'onChange' | 'type'> & {
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.checkLabel}>
        <input
          id={id}
          type="checkbox"
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? `${id}-error` : undefined}
          {...input}
        />
        {label}
      </label>
      {error && (
        <p id={`${id}-error`} className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}

/** The e-mail field of every account form. */
export function EmailField(props: Omit<FieldProps<InputHTMLAttributes<HTMLInputElement>>, 'label' | 'type' | 'name'>) {
  return <TextField label="Электронная почта" type="email" name="email" autoComplete="email" required {...props} />;
}

export function TextAreaField({
  label,
  error,
  hint,
  ...input
}: FieldProps<TextareaHTMLAttributes<HTMLTextAreaElement>>) {
  return (
    <FieldShell label={label} error={error} hint={hint}>
      {(a11y) => <textarea className={`${styles.input} ${styles.textarea}`} {...input} {...a11y} />}
    </FieldShell>
  );
}

export function SelectField({
  label,
  error,
  hint,
  children,
  ...input
}: FieldProps<SelectHTMLAttributes<HTMLSelectElement>>) {
  return (
    <FieldShell label={label} error={error} hint={hint}>
      {(a11y) => (
        <select className={styles.input} {...input} {...a11y}>
          {children}
        </select>
      )}
    </FieldShell>
  );
}

/** A message about the whole form: an error (role alert) or a success (role status). */
export function FormMessage({ kind, children }: { kind: 'error' | 'success'; children: ReactNode }) {
  return (
    <p
      role={kind === 'error' ? 'alert' : 'status'}
      className={kind === 'error' ? styles.formError : styles.formSuccess}
    >
      {children}
    </p>
  );
}

export function SubmitButton({
  saving,
  savingLabel = 'Сохранение...',
  children,
}: {
  saving: boolean;
  savingLabel?: string;
  children: ReactNode;
}) {
  return (
    <button type="submit" className={styles.submit} disabled={saving} aria-busy={saving}>
      {saving ? savingLabel : children}
    </button>
  );
}

/** The page frame of a small form (sign-in, registration…). */
export function FormCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className={styles.card} aria-labelledby="form-card-title">
      <h1 id="form-card-title" className={styles.title}>
        {title}
      </h1>
      {children}
    </section>
  );
}

export const formStyles = styles;
