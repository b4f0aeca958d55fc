import { Link } from 'react-router';
import { usePageMeta } from '../lib/page-meta';
import { useNotFoundStatus } from '../ssr/server-render';

/** What a page says when its film, person, article or promotion does not exist (the server answers 404). */
export function Missing({ title, back }: { title: string; back: { to: string; label: string } }) {
  useNotFoundStatus();
  usePageMeta({ title });
  return (
    <>
      <h1>{title}</h1>
      <p>Возможно, ссылка устарела или в ней опечатка.</p>
      <Link to={back.to}>{back.label}</Link>
    </>
  );
}
