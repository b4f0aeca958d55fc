import { ProfileEditBodySchema, REGISTRATION_BIRTHDAY, type Profile } from '@kino/backend/contract';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useContractForm } from '../../../shared/forms/use-contract-form';
import { EmailField, FormCard, FormMessage, SubmitButton, TextField, formStyles } from '../../../shared/ui/form';
import { PageLoader } from '../../../shared/ui/page-loader';
import { useEditProfile, useProfile } from '../api/profile';

/** /profile/edit: e-mail, name, birth date; the password is changed through the reset link. */
export function ProfileEditForm() {
  const profile = useProfile();
  if (profile.isPending) return <PageLoader label="Загрузка профиля..." />;
  if (profile.isError) return <FormMessage kind="error">Не удалось загрузить профиль. Обновите страницу</FormMessage>;
  return <EditForm profile={profile.data} />;
}

function EditForm({ profile }: { profile: Profile }) {
  const form = useContractForm({
    schema: ProfileEditBodySchema,
    initial: { email: profile.email, fio: profile.fio, birthday: profile.birthday },
    mutation: useEditProfile(),
    toInput: (body) => ({ body }),
  });

  return (
    <FormCard title="Редактирование профиля">
      <form className={formStyles.form} onSubmit={form.submit} noValidate>
        {form.succeeded && <FormMessage kind="success">Изменения сохранены</FormMessage>}
        {form.message && <FormMessage kind="error">{form.message}</FormMessage>}
        <EmailField {...form.field('email')} />
        <TextField label="Имя" autoComplete="name" required {...form.field('fio')} />
        <TextField
          label="Дата рождения"
          type="date"
          min={REGISTRATION_BIRTHDAY.min}
          max={REGISTRATION_BIRTHDAY.max}
          {...form.field('birthday', (text) => text || null)}
        />
        <SubmitButton saving={form.saving}>Сохранить</SubmitButton>
      </form>
      <div className={formStyles.links}>
        <Link to={paths.forgotPassword}>Сменить пароль</Link>
        <Link to={paths.profile}>Вернуться в профиль</Link>
      </div>
    </FormCard>
  );
}
