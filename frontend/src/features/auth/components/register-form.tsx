import { REGISTRATION_BIRTHDAY, RegisterBodySchema } from '@kino/backend/contract';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { useContractForm } from '../../../shared/forms/use-contract-form';
import { EmailField, FormCard, FormMessage, SubmitButton, TextField, formStyles } from '../../../shared/ui/form';
import { useRegister } from '../api/auth';
import { SocialSignIn } from './social-sign-in';

/** The repeat is checked here and never sent. */
const RegisterFormSchema = RegisterBodySchema.extend({ repeat: RegisterBodySchema.shape.password }).refine(
  (form) => form.password === form.repeat,
  { path: ['repeat'], message: 'Пароли не совпадают' },
);

/** /register: e-mail, name, password twice, birth date; success goes to /login. */
export function RegisterForm() {
  const navigate = useNavigate();
  const form = useContractForm({
    schema: RegisterFormSchema,
    initial: { email: '', fio: '', password: '', repeat: '', birthday: '', provider: 'youth' },
    mutation: useRegister(),
    toInput: ({ repeat: _repeat, ...body }) => ({ body }),
    onSuccess: (_user, { email }) => navigate(paths.login, { state: { registered: email } }),
  });

  return (
    <FormCard title="Регистрация">
      <form className={formStyles.form} onSubmit={form.submit} noValidate>
        {form.message && <FormMessage kind="error">{form.message}</FormMessage>}
        <EmailField {...form.field('email')} />
        <TextField label="Имя или никнейм" autoComplete="name" required {...form.field('fio')} />
        <TextField
          label="Пароль"
          type="password"
          autoComplete="new-password"
          required
          hint="Не короче 8 символов"
          {...form.field('password')}
        />
        <TextField
          label="Повторите пароль"
          type="password"
          autoComplete="new-password"
          required
          {...form.field('repeat')}
        />
        <TextField
          label="Дата рождения"
          type="date"
          required
          min={REGISTRATION_BIRTHDAY.min}
          max={REGISTRATION_BIRTHDAY.max}
          {...form.field('birthday')}
        />
        <SubmitButton saving={form.saving} savingLabel="Регистрация...">
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
