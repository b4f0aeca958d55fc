import type { Action, Resource } from '@kino/backend/contract';
import type { ReactNode } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { paths } from '../../config/paths';
import { useCan } from './access';
import { useSession } from './session';

/** A back-office page: a guest is sent to /login; a role the access table refuses sees why, not the page. */
export function RequireAccess({
  resource,
  action = 'list',
  children,
}: {
  resource: Resource;
  action?: Action;
  children: ReactNode;
}) {
  const session = useSession();
  const can = useCan();
  const location = useLocation();
  if (!session) return <Navigate to={paths.login} replace state={{ from: location.pathname }} />;
  if (!can(resource, action)) return <Forbidden />;
  return <>{children}</>;
}

export function Forbidden() {
  return (
    <section role="alert">
      <h1>Недостаточно прав</h1>
      <p>Этот раздел недоступен для вашей роли. Если он нужен вам для работы, обратитесь к главному администратору.</p>
      <Link to={paths.home}>На главную</Link>
    </section>
  );
}
