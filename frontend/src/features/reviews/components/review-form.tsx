/**
 * The review form of a film page (the page puts it under its #review anchor), shown only to a signed-in viewer: reaction,
 * title, comment. While posting the button is disabled; on success the fields are cleared and
 * `onCreated` gets the stored review (the page shows it and counts it).
 */
import {
  REACTIONS,
  REVIEW_COMMENT_MAX,
  REVIEW_TITLE_MAX,
  ReviewBodySchema,
  type FilmReview,
} from '@kino/backend/contract';
import { useSession } from '../../../shared/auth/session';
import { useContractForm } from '../../../shared/forms/use-contract-form';
import { FormMessage, SelectField, SubmitButton, TextAreaField, TextField, formStyles } from '../../../shared/ui/form';
import { useStoreReview } from '../api/reviews';
import styles from './review-form.module.css';

export function ReviewForm({ filmId, onCreated }: { filmId: number; onCreated: (review: FilmReview) => void }) {
  const session = useSession();
  if (!session) return null;
  return <SignedInReviewForm filmId={filmId} onCreated={onCreated} />;
}

function SignedInReviewForm({ filmId, onCreated }: { filmId: number; onCreated: (review: FilmReview) => void }) {
  const form = useContractForm({
    schema: ReviewBodySchema,
    // No reaction until the viewer picks one (the select shows its placeholder).
    initial: { type_rating: undefined, title: '', comment: '' },
    mutation: useStoreReview(),
    toInput: (body) => ({ params: { id: filmId }, body }),
    onSuccess: onCreated,
    resetOnSuccess: true,
  });

  return (
    <section className={styles.section} aria-labelledby="review-form-title">
      <h2 id="review-form-title">Написать отзыв</h2>
      <form className={formStyles.form} onSubmit={form.submit} noValidate>
        {form.succeeded && <FormMessage kind="success">Спасибо! Ваш отзыв опубликован</FormMessage>}
        {form.message && <FormMessage kind="error">{form.message}</FormMessage>}
        <SelectField label="Реакция" required {...form.field('type_rating', (text) => Number(text) as 1 | 2)}>
          <option value="" disabled>
            Выберите реакцию
          </option>
          <option value={REACTIONS.positive}>Положительная</option>
          <option value={REACTIONS.negative}>Отрицательная</option>
        </SelectField>
        <TextField label="Заголовок" required maxLength={REVIEW_TITLE_MAX} {...form.field('title')} />
        <TextAreaField
          label="Отзыв"
          required
          maxLength={REVIEW_COMMENT_MAX}
          hint={`${form.values.comment?.length ?? 0} / ${REVIEW_COMMENT_MAX}`}
          {...form.field('comment')}
        />
        <SubmitButton saving={form.saving} savingLabel="Отправка...">
          Отправить отзыв
        </SubmitButton>
      </form>
    </section>
  );
}
