/**
 * /admin/dashboard/stocks/create (SPEC: title, text, image, start and end date-time, all required).
 * The contract's schema checks the fields before sending (the end after the start); the server
 * checks the picture and refuses what is not an image (400) or too large (413).
 */
import { StockCreateBodySchema } from '@kino/backend/contract';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { formDataOf } from '../../../shared/api/client';
import { invalidate, useApiMutation, useQueryClient } from '../../../shared/api/hooks';
import { useContractForm } from '../../../shared/forms/use-contract-form';
import { FormCard, FormMessage, SubmitButton, TextAreaField, TextField, formStyles } from '../../../shared/ui/form';
import { ImageField } from '../../../shared/ui/image-field';

export function StockCreateForm() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [img, setImg] = useState<File | null>(null);
  const form = useContractForm({
    schema: StockCreateBodySchema,
    initial: { title: '', text: '', date_start: '', date_end: '' },
    mutation: useApiMutation('POST /stocks/create', {
      onSuccess: () => void invalidate(queryClient, 'GET /stocks', 'GET /stocks/admin'),
    }),
    // The picture is checked with the fields: every complaint at once, not the picture's first.
    check: (): Record<string, string> => (img ? {} : { img: 'Выберите изображение' }),
    toInput: (_checked, raw) => ({ body: formDataOf({ ...raw, img }) }),
    onSuccess: (stock) =>
      navigate(paths.adminSection('stock'), { state: { notice: `Акция «${stock.title}» добавлена` } }),
  });

  return (
    <FormCard title="Новая акция">
      <form className={formStyles.form} onSubmit={form.submit} noValidate>
        {form.message && <FormMessage kind="error">{form.message}</FormMessage>}
        <TextField label="Название" required {...form.field('title')} />
        <TextAreaField label="Текст" required {...form.field('text')} />
        <ImageField
          label="Изображение"
          name="img"
          required
          file={img}
          onChange={(file) => {
            setImg(file);
            form.forget('img');
          }}
          error={form.errors.img}
        />
        <TextField label="Начало" type="datetime-local" required {...form.field('date_start')} />
        <TextField label="Окончание" type="datetime-local" required {...form.field('date_end')} />
        <SubmitButton saving={form.saving}>Добавить акцию</SubmitButton>
      </form>
      <div className={formStyles.links}>
        <Link to={paths.adminSection('stock')}>Вернуться к акциям</Link>
      </div>
    </FormCard>
  );
}
