/**
 * A picture chosen for upload: a labelled file input for the image formats the server accepts, with
 * a preview of the chosen file and the field's error. The server checks the bytes; this only helps.
 */
import { useEffect, useId, useMemo } from 'react';
import styles from './image-field.module.css';
import formStyles from './form.module.css';

/** What the server decodes (lib/documents/images.ts); SVG is refused. */
export const IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp,image/gif,image/avif';

export function ImageField({
  label,
  name,
  file,
  onChange,
  error,
  required,
}: {
  label: string;
  name: string;
  file: File | null;
  onChange: (file: File | null) => void;
  error?: string;
  required?: boolean;
}) {
  const id = useId();
  const preview = useMemo(() => (file ? URL.createObjectURL(file) : undefined), [file]);
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  return (
    <div className={formStyles.field}>
      <label htmlFor={id} className={formStyles.label}>
        {label}
      </label>
      <input
        id={id}
        type="file"
        name={name}
        accept={IMAGE_ACCEPT}
        required={required}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onChange(e.target.files?.[0] ?? null)}
      />
      {preview && <img src={preview} alt={`Предпросмотр: ${label}`} className={styles.preview} />}
      {error && (
        <p id={`${id}-error`} className={formStyles.error}>
          {error}
        </p>
      )}
    </div>
  );
}
