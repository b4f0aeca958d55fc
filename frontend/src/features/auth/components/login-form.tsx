import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { formErrors } from '../../../shared/api/form-errors';
import { EmailField, FormCard, FormMessage, SubmitButton, TextField, formStyles } from '../../../shared/ui/form';
import { useSignIn } from '../api/auth';
import { SocialSignIn } from './social-sign-in';

/** /login: e-mail and password; success stores the session and goes home. */
export function LoginForm() {
  const navigate = useNavigate();
  const state = useLocation().state as { registered?: string; passwordReset?: boolean } | null;
  const registered = state?.registered;
  const signIn = useSignIn();
  const [form, setForm] = useState({ email: registered ?? '', password: '' });
  const { fields, message } = formErrors(signIn.error);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    signIn.mutate(form, { onSuccess: () => navigate(paths.home) });
  };

  return (
    <FormCard title="Вход">
      <form className={formStyles.form} onSubmit={submit} noValidate>
        {registered && !signIn.error && (
          <FormMessage kind="success">Регистрация прошла успешно. Войдите в аккаунт</FormMessage>
        )}
        {state?.passwordReset && !signIn.error && (
          <FormMessage kind="success">Пароль изменён. Войдите с новым паролем</FormMessage>
        )}
        {message && <FormMessage kind="error">{message}</FormMessage>}
        <EmailField
          value={form.email}
          onChange={(e) => setForm({ ...form, email: e.target.value })}
          error={fields.email}
        />
        <TextField
          label="Пароль"
          type="password"
          name="password"
          autoComplete="current-password"
          required
          value={form.password}
          onChange={(e) => setForm({ ...form, password: e.target.value })}
          error={fields.password}
        />
        <SubmitButton saving={signIn.isPending} savingLabel="Вход...">
          Войти
        </SubmitButton>
      </form>
      <div className={formStyles.links}>
        <Link to={paths.forgotPassword}>Забыли пароль?</Link>
        <Link to={paths.register}>Регистрация</Link>
      </div>
      <SocialSignIn />
    </FormCard>
  );
}
