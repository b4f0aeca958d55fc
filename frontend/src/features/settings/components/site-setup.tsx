/**
 * What the public pages show while the cinema's details were never saved (a deployment's first start):
 * no made-up cinema, a neutral word that the site opens soon, not indexed. Staff find the way in; the admin
 * the way to the setup form.
 */
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useCan } from '../../../shared/auth/access';
import { usePageMeta } from '../../../shared/lib/page-meta';
import { useInBrowser } from '../../../shared/ssr/client-only';
import { useNoIndex } from '../../../shared/ssr/server-render';
import styles from './site-setup.module.css';

export function SiteSetup() {
  useNoIndex();
  usePageMeta({ title: 'Сайт скоро откроется', description: 'Сайт кинотеатра готовится к открытию.' });
  const can = useCan();
  // The session lives in the browser: the server's page is a guest's.
  const inBrowser = useInBrowser();
  const mayConfigure = inBrowser && can('settings', 'update');
  return (
    <section className={styles.setup} aria-labelledby="setup-title">
      <h1 id="setup-title">Сайт скоро откроется</h1>
      <p>Мы готовим афишу и продажу билетов. Загляните немного позже.</p>
      {mayConfigure ? (
        <Link to={paths.adminSection('settings')} className={styles.action}>
          Заполнить сведения о кинотеатре
        </Link>
      ) : (
        <Link to={paths.login}>Вход для сотрудников</Link>
      )}
    </section>
  );
}
