import { AuthenticateBodySchema } from '@kino/backend/contract';
import { Link, useLocation, useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { useContractForm } from '../../../shared/forms/use-contract-form';
import { EmailField, FormCard, FormMessage, SubmitButton, TextField, formStyles } from '../../../shared/ui/form';
import { useSignIn } from '../api/auth';
import { SocialSignIn } from './social-sign-in';

/** /login: e-mail and password; success stores the session and goes home. */
export function LoginForm() {
  const navigate = useNavigate();
  const state = useLocation().state as { registered?: string; passwordReset?: boolean; from?: string } | null;
  const signIn = useSignIn();
  const form = useContractForm({
    schema: AuthenticateBodySchema,
    initial: { email: state?.registered ?? '', password: '' },
    mutation: signIn,
    toInput: (body) => ({ body }),
    // Back where a guard sent the guest from (the back office), or home.
    onSuccess: () => navigate(state?.from ?? paths.home),
  });

  return (
    <FormCard title="Вход">
      <form className={formStyles.form} onSubmit={form.submit} noValidate>
        {state?.registered && !signIn.error && (
          <FormMessage kind="success">Регистрация прошла успешно. Войдите в аккаунт</FormMessage>
        )}
        {state?.passwordReset && !signIn.error && (
          <FormMessage kind="success">Пароль изменён. Войдите с новым паролем</FormMessage>
        )}
        {form.message && <FormMessage kind="error">{form.message}</FormMessage>}
        <EmailField {...form.field('email')} />
        <TextField
          label="Пароль"
          type="password"
          autoComplete="current-password"
          required
          {...form.field('password')}
        />
        <SubmitButton saving={form.saving} savingLabel="Вход...">
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
