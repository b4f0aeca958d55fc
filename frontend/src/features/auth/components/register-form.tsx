import { REGISTRATION_BIRTHDAY } from '@kino/backend/contract';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { formErrors } from '../../../shared/api/form-errors';
import { EmailField, FormCard, FormMessage, SubmitButton, TextField, formStyles } from '../../../shared/ui/form';
import { useRegister } from '../api/auth';
import { SocialSignIn } from './social-sign-in';

/** /register: e-mail, name, password twice, birth date; success goes to /login. */
export function RegisterForm() {
  const navigate = useNavigate();
  const register = useRegister();
  const [form, setForm] = useState({ email: '', fio: '', password: '', repeat: '', birthday: '' });
  const [mismatch, setMismatch] = useState(false);
  const { fields, message } = formErrors(register.error);
  const set = (key: keyof typeof form) => (e: { target: { value: string } }) =>
    setForm({ ...form, [key]: e.target.value });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The repeat is checked here and never sent.
    if (form.password !== form.repeat) return setMismatch(true);
    setMismatch(false);
    const { repeat: _repeat, ...body } = form;
    register.mutate(
      { ...body, provider: 'youth' },
      { onSuccess: () => navigate(paths.login, { state: { registered: form.email.trim() } }) },
    );
  };

  return (
    <FormCard title="Регистрация">
      <form className={formStyles.form} onSubmit={submit} noValidate>
        {message && <FormMessage kind="error">{message}</FormMessage>}
        <EmailField value={form.email} onChange={set('email')} error={fields.email} />
        <TextField
          label="Имя или никнейм"
          name="fio"
          autoComplete="name"
          required
          value={form.fio}
          onChange={set('fio')}
          error={fields.fio}
        />
        <TextField
          label="Пароль"
          type="password"
          name="password"
          autoComplete="new-password"
          required
          value={form.password}
          onChange={set('password')}
          error={fields.password}
          hint="Не короче 8 символов"
        />
        <TextField
          label="Повторите пароль"
          type="password"
          name="repeat"
          autoComplete="new-password"
          required
          value={form.repeat}
          onChange={set('repeat')}
          error={mismatch ? 'Пароли не совпадают' : undefined}
        />
        <TextField
          label="Дата рождения"
          type="date"
          name="birthday"
          required
          min={REGISTRATION_BIRTHDAY.min}
          max={REGISTRATION_BIRTHDAY.max}
          value={form.birthday}
          onChange={set('birthday')}
          error={fields.birthday}
        />
        <SubmitButton saving={register.isPending} savingLabel="Регистрация...">
          Зарегистрироваться
        </SubmitButton>
      </form>
      <div className={formStyles.links}>
        <Link to={paths.login}>Уже есть аккаунт? Войти</Link>
      </div>
      <SocialSignIn />
    </FormCard>
  );
}
