/**
 * The review form of a film page (the page puts it under its #review anchor), shown only to a signed-in viewer: reaction,
 * title, comment. While posting the button is disabled; on success the fields are cleared and
 * `onCreated` gets the stored review (the page shows it and counts it).
 */
import { REACTIONS, REVIEW_COMMENT_MAX, REVIEW_TITLE_MAX, type FilmReview } from '@kino/backend/contract';
import { useState, type FormEvent } from 'react';
import { formErrors } from '../../../shared/api/form-errors';
import { useSession } from '../../../shared/auth/session';
import { FormMessage, SelectField, SubmitButton, TextAreaField, TextField, formStyles } from '../../../shared/ui/form';
import { useStoreReview } from '../api/reviews';
import styles from './review-form.module.css';

const EMPTY = { type_rating: '', title: '', comment: '' };

export function ReviewForm({ filmId, onCreated }: { filmId: number; onCreated: (review: FilmReview) => void }) {
  const session = useSession();
  const store = useStoreReview(filmId);
  const [form, setForm] = useState(EMPTY);
  const [missing, setMissing] = useState(false);
  if (!session) return null;
  const { fields, message } = formErrors(store.error);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.type_rating) return setMissing(true);
    setMissing(false);
    store.mutate(
      { title: form.title, comment: form.comment, type_rating: Number(form.type_rating) as 1 | 2 },
      {
        onSuccess: (review) => {
          setForm(EMPTY);
          onCreated(review);
        },
      },
    );
  };

  return (
    <section className={styles.section} aria-labelledby="review-form-title">
      <h2 id="review-form-title">Написать отзыв</h2>
      <form className={formStyles.form} onSubmit={submit} noValidate>
        {store.isSuccess && !store.isPending && (
          <FormMessage kind="success">Спасибо! Ваш отзыв опубликован</FormMessage>
        )}
        {message && <FormMessage kind="error">{message}</FormMessage>}
        <SelectField
          label="Реакция"
          name="type_rating"
          required
          value={form.type_rating}
          onChange={(e) => setForm({ ...form, type_rating: e.target.value })}
          error={missing ? 'Выберите реакцию' : fields.type_rating}
        >
          <option value="" disabled>
            Выберите реакцию
          </option>
          <option value={REACTIONS.positive}>Положительная</option>
          <option value={REACTIONS.negative}>Отрицательная</option>
        </SelectField>
        <TextField
          label="Заголовок"
          name="title"
          required
          maxLength={REVIEW_TITLE_MAX}
          value={form.title}
          onChange={(e) => setForm({ ...form, title: e.target.value })}
          error={fields.title}
        />
        <TextAreaField
          label="Отзыв"
          name="comment"
          required
          maxLength={REVIEW_COMMENT_MAX}
          value={form.comment}
          onChange={(e) => setForm({ ...form, comment: e.target.value })}
          error={fields.comment}
          hint={`${form.comment.length} / ${REVIEW_COMMENT_MAX}`}
        />
        <SubmitButton saving={store.isPending} savingLabel="Отправка...">
          Отправить отзыв
        </SubmitButton>
      </form>
    </section>
  );
}
