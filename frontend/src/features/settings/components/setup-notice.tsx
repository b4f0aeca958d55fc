/** The back office while the cinema's details were never saved: who may save them, and that the site waits. */
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useCan } from '../../../shared/auth/access';
import { FormMessage } from '../../../shared/ui/form';

export function SetupNotice() {
  const mayConfigure = useCan()('settings', 'update');
  return (
    <FormMessage kind="error">
      Сведения о кинотеатре ещё не заполнены: сайт закрыт для зрителей.{' '}
      {mayConfigure ? (
        <Link to={paths.adminSection('settings')}>Заполнить</Link>
      ) : (
        'Их заполняет главный администратор.'
      )}
    </FormMessage>
  );
}
