import { ResetPasswordBodySchema } from '@kino/backend/contract';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';
import { useContractForm } from '../../../shared/forms/use-contract-form';
import { FormCard, FormMessage, SubmitButton, TextField, formStyles } from '../../../shared/ui/form';
import { useResetPassword } from '../api/auth';

/** /reset-password?token=…&email=…: a new password and its confirmation (each its own field); success goes to /login. */
export function ResetPasswordForm() {
  const [query] = useSearchParams();
  const token = query.get('token') ?? '';
  const email = query.get('email') ?? '';
  if (!token || !email) {
    return (
      <FormCard title="Новый пароль">
        <FormMessage kind="error">
          Ссылка для сброса пароля неполная. Откройте её из письма целиком или запросите новую
        </FormMessage>
        <div className={formStyles.links}>
          <Link to={paths.forgotPassword}>Запросить новую ссылку</Link>
        </div>
      </FormCard>
    );
  }
  return <NewPasswordForm token={token} email={email} />;
}

function NewPasswordForm({ token, email }: { token: string; email: string }) {
  const navigate = useNavigate();
  const form = useContractForm({
    schema: ResetPasswordBodySchema,
    initial: { token, email, password: '', password_confirmation: '' },
    mutation: useResetPassword(),
    toInput: (body) => ({ body }),
    onSuccess: () => navigate(paths.login, { state: { passwordReset: true } }),
  });
  const linkProblem = form.errors.token ?? form.errors.email;

  return (
    <FormCard title="Новый пароль">
      <form className={formStyles.form} onSubmit={form.submit} noValidate>
        <p>Для {email}</p>
        {(form.message || linkProblem) && <FormMessage kind="error">{linkProblem ?? form.message}</FormMessage>}
        <TextField
          label="Новый пароль"
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
          {...form.field('password_confirmation')}
        />
        <SubmitButton saving={form.saving}>Сохранить пароль</SubmitButton>
      </form>
      {linkProblem && (
        <div className={formStyles.links}>
          <Link to={paths.forgotPassword}>Запросить новую ссылку</Link>
        </div>
      )}
    </FormCard>
  );
}
