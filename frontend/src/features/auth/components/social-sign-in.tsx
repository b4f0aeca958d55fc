/**
 * The social sign-in block: Yandex, Google and VK are browser redirects through the API; a provider
 * without keys on the server says so. The OK and Youth icons stay dead links, as SPEC has them.
 */
import { OAUTH_PROVIDERS, type OAuthProvider } from '@kino/backend/contract';
import { useOAuthProviders } from '../api/auth';
import styles from './social-sign-in.module.css';

const NAMES: Record<OAuthProvider, string> = { yandex: 'Яндекс', google: 'Google', vk: 'ВКонтакте' };
const MARKS: Record<OAuthProvider | 'ok' | 'youth', string> = {
  yandex: 'Я',
  google: 'G',
  vk: 'VK',
  ok: 'OK',
  youth: 'Y',
};

export function SocialSignIn() {
  const providers = useOAuthProviders();
  return (
    <section className={styles.block} aria-labelledby="social-title">
      <h2 id="social-title" className={styles.title}>
        Или войдите через
      </h2>
      <ul className={styles.list}>
        {OAUTH_PROVIDERS.map((provider) => {
          const off = providers.data?.[provider] === false;
          const name = `Войти через ${NAMES[provider]}`;
          return (
            <li key={provider}>
              {off ? (
                <span
                  className={`${styles.icon} ${styles[provider]} ${styles.off}`}
                  role="img"
                  aria-label={`${name}: не настроен`}
                  title="Этот способ входа не настроен"
                >
                  {MARKS[provider]}
                </span>
              ) : (
                <a
                  className={`${styles.icon} ${styles[provider]}`}
                  href={`/api/auth/${provider}/redirect`}
                  aria-label={name}
                  title={name}
                >
                  {MARKS[provider]}
                </a>
              )}
            </li>
          );
        })}
        {(['ok', 'youth'] as const).map((dead) => (
          <li key={dead}>
            <a
              className={`${styles.icon} ${styles[dead]} ${styles.off}`}
              aria-disabled="true"
              aria-label={`${dead === 'ok' ? 'Одноклассники' : 'Youth'}: недоступно`}
            >
              {MARKS[dead]}
            </a>
          </li>
        ))}
      </ul>
      {providers.data && OAUTH_PROVIDERS.some((p) => !providers.data[p]) && (
        <p className={styles.note}>
          Не настроены:{' '}
          {OAUTH_PROVIDERS.filter((p) => !providers.data[p])
            .map((p) => NAMES[p])
            .join(', ')}
        </p>
      )}
    </section>
  );
}
