/**
 * The consent boxes of every form that takes personal data (152-FZ, REGISTRIES.md §4.1): the processing consent,
 * required, and the marketing consent, optional and apart — each unticked, each with its document's link.
 */
import { DOCUMENT_LABELS, type ConsentDocument } from '@kino/backend/contract';
import { useId } from 'react';
import { paths } from '../../config/paths';
import styles from './consent-boxes.module.css';

interface ConsentBoxProps {
  document: ConsentDocument;
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: string;
}

const WORDING: Record<ConsentDocument, string> = {
  'personal-data-consent': 'Я даю согласие на обработку персональных данных',
  'marketing-consent': 'Хочу получать письма о премьерах и акциях (необязательно)',
};

export function ConsentBox({ document, checked, onChange, error }: ConsentBoxProps) {
  const id = useId();
  return (
    <div className={styles.box}>
      <div className={styles.row}>
        <input
          id={id}
          type="checkbox"
          name={document}
          className={styles.check}
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? `${id}-error` : undefined}
          required={document === 'personal-data-consent'}
        />
        <label htmlFor={id}>{WORDING[document]}</label>
      </div>
      <a className={styles.link} href={paths.document(document)} target="_blank" rel="noopener">
        {DOCUMENT_LABELS[document]}
      </a>
      {error && (
        <p id={`${id}-error`} className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}
