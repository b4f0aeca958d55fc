import { Link } from 'react-router';
import { paths } from '../../config/paths';

export default function NotFoundPage() {
  return (
    <section>
      <h1>Страница не найдена</h1>
      <p>Возможно, она была удалена или вы перешли по неверной ссылке.</p>
      <Link to={paths.home}>На главную</Link>
    </section>
  );
}
