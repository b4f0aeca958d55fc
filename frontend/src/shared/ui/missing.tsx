import { Link } from 'react-router';

/** What a page says when its film, person, article or promotion does not exist. */
export function Missing({ title, back }: { title: string; back: { to: string; label: string } }) {
  return (
    <>
      <h1>{title}</h1>
      <p>Возможно, ссылка устарела или в ней опечатка.</p>
      <Link to={back.to}>{back.label}</Link>
    </>
  );
}
