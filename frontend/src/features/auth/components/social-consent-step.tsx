import { SocialConsentBodySchema } from '@kino/backend/contract';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { useContractForm } from '../../../shared/forms/use-contract-form';
import { ConsentBox } from '../../../shared/ui/consent-boxes';
import { FormCard, FormMessage, SubmitButton, formStyles } from '../../../shared/ui/form';
import { PageLoader } from '../../../shared/ui/page-loader';
import { useSocialConsent, useSocialConsentPending } from '../api/auth';

const PROVIDER_NAMES: Record<string, string> = { yandex: 'Яндекс', google: 'Google', vk: 'ВКонтакте' };

/**
 * /auth/callback?consent=<ticket>: the first social sign-in stops here before any account is made or used; the
 * viewer ticks the processing consent (and, apart, the marketing one) and is signed in.
 */
export function SocialConsentStep({ ticket }: { ticket: string }) {
  const pending = useSocialConsentPending(ticket);
  const navigate = useNavigate();
  const form = useContractForm({
    schema: SocialConsentBodySchema,
    initial: { ticket, personal_data_consent: undefined, marketing_consent: false },
    mutation: useSocialConsent(),
    toInput: (body) => ({ body }),
    onSuccess: () => navigate(paths.home, { replace: true }),
  });
  if (pending.isPending) return <PageLoader label="Подождите..." />;
  if (pending.isError) {
    return (
      <FormCard title="Вход не выполнен">
        <FormMessage kind="error">{pending.error.message}</FormMessage>
        <div className={formStyles.links}>
          <Link to={paths.login}>Вернуться ко входу</Link>
        </div>
      </FormCard>
    );
  }
  const { fio, email, provider, existing } = pending.data;
  return (
    <FormCard title={existing ? 'Подтвердите согласие' : 'Завершение регистрации'}>
      <p>
        {fio}, вы входите через {PROVIDER_NAMES[provider] ?? provider} с адресом {email}.{' '}
        {existing
          ? 'Чтобы продолжить, дайте согласие на обработку персональных данных.'
          : 'Аккаунт будет создан, когда вы дадите согласие на обработку персональных данных.'}
      </p>
      <form className={formStyles.form} onSubmit={form.submit} noValidate>
        {form.message && <FormMessage kind="error">{form.message}</FormMessage>}
        {form.errors.ticket && <FormMessage kind="error">{form.errors.ticket}</FormMessage>}
        <ConsentBox
          document="personal-data-consent"
          checked={form.values.personal_data_consent === true}
          onChange={(checked) => form.set('personal_data_consent', checked ? true : undefined)}
          error={form.errors.personal_data_consent}
        />
        <ConsentBox
          document="marketing-consent"
          checked={form.values.marketing_consent === true}
          onChange={(checked) => form.set('marketing_consent', checked)}
          error={form.errors.marketing_consent}
        />
        <SubmitButton saving={form.saving} savingLabel="Вход...">
          Продолжить
        </SubmitButton>
      </form>
      <div className={formStyles.links}>
        <Link to={paths.login}>Отказаться и вернуться ко входу</Link>
      </div>
    </FormCard>
  );
}
