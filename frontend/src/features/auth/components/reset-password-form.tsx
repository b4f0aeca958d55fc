import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';
import { formErrors } from '../../../shared/api/form-errors';
import { FormCard, FormMessage, SubmitButton, TextField, formStyles } from '../../../shared/ui/form';
import { useResetPassword } from '../api/auth';

/** /reset-password?token=…&email=…: a new password and its confirmation (each its own field); success goes to /login. */
export function ResetPasswordForm() {
  const navigate = useNavigate();
  const [query] = useSearchParams();
  const token = query.get('token') ?? '';
  const email = query.get('email') ?? '';
  const reset = useResetPassword();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const { fields, message } = formErrors(reset.error);

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

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (password !== confirmation) return setMismatch(true);
    setMismatch(false);
    reset.mutate(
      { token, email, password, password_confirmation: confirmation },
      { onSuccess: () => navigate(paths.login, { state: { passwordReset: true } }) },
    );
  };

  return (
    <FormCard title="Новый пароль">
      <form className={formStyles.form} onSubmit={submit} noValidate>
        <p>Для {email}</p>
        {(message || fields.token) && <FormMessage kind="error">{fields.token ?? message}</FormMessage>}
        <TextField
          label="Новый пароль"
          type="password"
          name="password"
          autoComplete="new-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={fields.password}
          hint="Не короче 8 символов"
        />
        <TextField
          label="Повторите пароль"
          type="password"
          name="password_confirmation"
          autoComplete="new-password"
          required
          value={confirmation}
          onChange={(e) => setConfirmation(e.target.value)}
          error={mismatch ? 'Пароли не совпадают' : fields.password_confirmation}
        />
        <SubmitButton saving={reset.isPending}>Сохранить пароль</SubmitButton>
      </form>
      {fields.token && (
        <div className={formStyles.links}>
          <Link to={paths.forgotPassword}>Запросить новую ссылку</Link>
        </div>
      )}
    </FormCard>
  );
}
