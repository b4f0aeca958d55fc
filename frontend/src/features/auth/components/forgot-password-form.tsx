import { ForgotPasswordBodySchema, PASSWORD_RESET_TTL_MINUTES } from '@kino/backend/contract';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useContractForm } from '../../../shared/forms/use-contract-form';
import { EmailField, FormCard, FormMessage, SubmitButton, formStyles } from '../../../shared/ui/form';
import { useForgotPassword } from '../api/auth';

/** /forgot-password: asks for a reset link by mail. */
export function ForgotPasswordForm() {
  const forgot = useForgotPassword();
  const form = useContractForm({
    schema: ForgotPasswordBodySchema,
    initial: { email: '' },
    mutation: forgot,
    toInput: (body) => ({ body }),
  });

  return (
    <FormCard title="Восстановление пароля">
      <form className={formStyles.form} onSubmit={form.submit} noValidate>
        {forgot.isSuccess && <FormMessage kind="success">{forgot.data.message}</FormMessage>}
        {form.message && <FormMessage kind="error">{form.message}</FormMessage>}
        <EmailField
          {...form.field('email')}
          hint={`Пришлём ссылку для сброса пароля. Она действует ${PASSWORD_RESET_TTL_MINUTES} минут`}
        />
        <SubmitButton saving={form.saving} savingLabel="Отправка...">
          Отправить ссылку
        </SubmitButton>
      </form>
      <div className={formStyles.links}>
        <Link to={paths.login}>Вернуться ко входу</Link>
      </div>
    </FormCard>
  );
}
