import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { usePageMeta } from '../../shared/lib/page-meta';
import { useNotFoundStatus } from '../../shared/ssr/server-render';

/** An address the site does not have (the server answers 404). */
export default function NotFoundPage() {
  useNotFoundStatus();
  usePageMeta({ title: 'Страница не найдена' });
  return (
    <section>
      <h1>Страница не найдена</h1>
      <p>Возможно, она была удалена или вы перешли по неверной ссылке.</p>
      <Link to={paths.home}>На главную</Link>
    </section>
  );
}
