import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { formErrors } from '../../../shared/api/form-errors';
import { EmailField, FormCard, FormMessage, SubmitButton, formStyles } from '../../../shared/ui/form';
import { useForgotPassword } from '../api/auth';

/** /forgot-password: asks for a reset link by mail. */
export function ForgotPasswordForm() {
  const forgot = useForgotPassword();
  const [email, setEmail] = useState('');
  const { fields, message } = formErrors(forgot.error);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    forgot.mutate({ email });
  };

  return (
    <FormCard title="Восстановление пароля">
      <form className={formStyles.form} onSubmit={submit} noValidate>
        {forgot.isSuccess && <FormMessage kind="success">{forgot.data.message}</FormMessage>}
        {message && <FormMessage kind="error">{message}</FormMessage>}
        <EmailField
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={fields.email}
          hint="Пришлём ссылку для сброса пароля. Она действует 60 минут"
        />
        <SubmitButton saving={forgot.isPending} savingLabel="Отправка...">
          Отправить ссылку
        </SubmitButton>
      </form>
      <div className={formStyles.links}>
        <Link to={paths.login}>Вернуться ко входу</Link>
      </div>
    </FormCard>
  );
}
