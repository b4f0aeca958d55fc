import { Link } from 'react-router';
import { paths } from '../../config/paths';

/** Shown instead of a blank page when a page fails to render or its code fails to load. */
export function RouteError() {
  return (
    <section role="alert">
      <h1>Что-то пошло не так</h1>
      <p>Обновите страницу или вернитесь на главную.</p>
      <p>
        <button type="button" onClick={() => window.location.reload()}>
          Обновить
        </button>{' '}
        <Link to={paths.home}>На главную</Link>
      </p>
    </section>
  );
}
