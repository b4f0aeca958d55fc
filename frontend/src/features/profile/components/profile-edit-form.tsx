import { REGISTRATION_BIRTHDAY, type Profile } from '@kino/backend/contract';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { formErrors } from '../../../shared/api/form-errors';
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
  const edit = useEditProfile();
  const [form, setForm] = useState({ email: profile.email, fio: profile.fio, birthday: profile.birthday ?? '' });
  const { fields, message } = formErrors(edit.error);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    edit.mutate({ email: form.email, fio: form.fio, birthday: form.birthday || null });
  };

  return (
    <FormCard title="Редактирование профиля">
      <form className={formStyles.form} onSubmit={submit} noValidate>
        {edit.isSuccess && <FormMessage kind="success">Изменения сохранены</FormMessage>}
        {message && <FormMessage kind="error">{message}</FormMessage>}
        <EmailField
          value={form.email}
          onChange={(e) => setForm({ ...form, email: e.target.value })}
          error={fields.email}
        />
        <TextField
          label="Имя"
          name="fio"
          autoComplete="name"
          required
          value={form.fio}
          onChange={(e) => setForm({ ...form, fio: e.target.value })}
          error={fields.fio}
        />
        <TextField
          label="Дата рождения"
          type="date"
          name="birthday"
          min={REGISTRATION_BIRTHDAY.min}
          max={REGISTRATION_BIRTHDAY.max}
          value={form.birthday}
          onChange={(e) => setForm({ ...form, birthday: e.target.value })}
          error={fields.birthday}
        />
        <SubmitButton saving={edit.isPending}>Сохранить</SubmitButton>
      </form>
      <div className={formStyles.links}>
        <Link to={paths.forgotPassword}>Сменить пароль</Link>
        <Link to={paths.profile}>Вернуться в профиль</Link>
      </div>
    </FormCard>
  );
}
