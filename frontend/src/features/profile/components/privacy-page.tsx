import { DELETE_REAUTH_MINUTES, type ConsentChannel, type ConsentRecord, type Profile } from '@kino/backend/contract';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../shared/api/client';
import { formatInstantDate } from '../../../shared/lib/format';
import { FormMessage, SubmitButton, TextField, formStyles } from '../../../shared/ui/form';
import { PageLoader } from '../../../shared/ui/page-loader';
import { QueryState } from '../../../shared/ui/query-state';
import { downloadMyData, useConsents, useDeleteAccount, useMarketingConsent, useProfile } from '../api/profile';
import styles from './privacy-page.module.css';

const CHANNELS: Record<ConsentChannel, string> = {
  web: 'форма регистрации',
  oauth: 'вход через соцсеть',
  profile: 'профиль',
  till: 'касса',
};

/** /profile/privacy: the consents given and withdrawn, the marketing box, a copy of the data, the account's deletion. */
export function PrivacyPage() {
  const profile = useProfile();
  if (profile.isPending) return <PageLoader label="Загрузка профиля..." />;
  if (profile.isError) return <FormMessage kind="error">Не удалось загрузить профиль. Обновите страницу</FormMessage>;
  return (
    <div className={styles.page}>
      <h1>Мои данные и согласия</h1>
      <Consents />
      <MyData />
      <DeleteAccount profile={profile.data} />
    </div>
  );
}

function Consents() {
  const consents = useConsents();
  const marketing = useMarketingConsent();
  return (
    <section aria-labelledby="consents-title" className={styles.section}>
      <h2 id="consents-title">Согласия</h2>
      <QueryState query={consents} loading="Загрузка согласий..." error="Не удалось загрузить согласия">
        {(data) => (
          <>
            <p>
              Согласие на обработку персональных данных: <strong>{data.personal_data ? 'дано' : 'не дано'}</strong>.{' '}
              <Link to={paths.document('personal-data-consent')}>Текст согласия</Link>
            </p>
            <div className={styles.toggle}>
              <input
                id="marketing-consent"
                type="checkbox"
                checked={marketing.isPending ? marketing.variables.body.marketing_consent : data.marketing}
                disabled={marketing.isPending}
                onChange={(event) => marketing.mutate({ body: { marketing_consent: event.target.checked } })}
              />
              <label htmlFor="marketing-consent">Получать рекламную рассылку о премьерах и акциях</label>
            </div>
            {marketing.isError && <FormMessage kind="error">{marketing.error.message}</FormMessage>}
            {marketing.isSuccess && !marketing.isPending && (
              <FormMessage kind="success">
                {data.marketing
                  ? 'Согласие на рассылку дано'
                  : 'Согласие на рассылку отозвано: письма больше не придут'}
              </FormMessage>
            )}
            <ConsentHistory records={data.records} />
          </>
        )}
      </QueryState>
    </section>
  );
}

function ConsentHistory({ records }: { records: ConsentRecord[] }) {
  if (records.length === 0) return <p>Записей о согласиях нет.</p>;
  return (
    <ul className={styles.records} aria-label="История согласий">
      {records.map((r) => (
        <li key={r.id}>
          {formatInstantDate(r.created_at)}: {r.action === 'given' ? 'дано' : 'отозвано'} — «{r.title}», редакция{' '}
          {r.version} ({CHANNELS[r.channel]}
          {r.ip_address ? `, IP ${r.ip_address}` : ''})
        </li>
      ))}
    </ul>
  );
}

function MyData() {
  const [state, setState] = useState<'idle' | 'saving' | 'error'>('idle');
  const download = async () => {
    setState('saving');
    try {
      await downloadMyData();
      setState('idle');
    } catch {
      setState('error');
    }
  };
  return (
    <section aria-labelledby="my-data-title" className={styles.section}>
      <h2 id="my-data-title">Мои данные</h2>
      <p>Файл JSON со всем, что мы храним о вас: профиль, согласия, заказы, билеты, отзывы и избранное.</p>
      <button type="button" className={styles.button} onClick={download} disabled={state === 'saving'}>
        {state === 'saving' ? 'Готовим файл...' : 'Скачать мои данные'}
      </button>
      {state === 'error' && <FormMessage kind="error">Не удалось скачать данные. Попробуйте снова</FormMessage>}
    </section>
  );
}

function DeleteAccount({ profile }: { profile: Profile }) {
  const remove = useDeleteAccount();
  const [password, setPassword] = useState('');
  const fieldError =
    remove.error instanceof ApiError
      ? (remove.error.details as { fields?: Record<string, string> } | undefined)?.fields
      : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    remove.mutate({ body: profile.has_password ? { password } : {} });
  };
  return (
    <section aria-labelledby="delete-title" className={styles.section}>
      <h2 id="delete-title">Удалить аккаунт</h2>
      <p>
        Имя, почта, дата рождения, аватар, отзывы и избранное будут удалены, вход в аккаунт прекратится. Купленные
        билеты и платежи останутся в учёте кинотеатра без вашего имени, как требует закон.
      </p>
      <form className={formStyles.form} onSubmit={submit} noValidate>
        {remove.isError && !fieldError && <FormMessage kind="error">{remove.error.message}</FormMessage>}
        {profile.has_password ? (
          <TextField
            label="Пароль для подтверждения"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            error={fieldError?.password}
          />
        ) : (
          <p>
            У аккаунта нет пароля: подтвердите удаление, войдя через соцсеть ещё раз —{' '}
            <a href={`/api/auth/${profile.provider}/redirect`}>войти заново</a>, — и удалите аккаунт в течение{' '}
            {DELETE_REAUTH_MINUTES} минут после входа.
          </p>
        )}
        <SubmitButton saving={remove.isPending} savingLabel="Удаление...">
          Удалить аккаунт
        </SubmitButton>
      </form>
    </section>
  );
}
